import { describeTarget, parseDiffReportFile } from './report';
import { groupOf, scopeFromObjects } from './scope';

// Cases Stryker showed no other test would notice (issue 21).
describe('describeTarget', () => {
  it('names the kind and name of a target, or every cluster', () => {
    expect(describeTarget({ kind: 'bundle', name: 'web' } as any)).toBe(
      'bundle web',
    );
    expect(describeTarget({ kind: 'allClusters' } as any)).toBe(
      'every cluster',
    );
  });
});

describe('groupOf', () => {
  it('is the part before the slash, or empty for the core group and non-text', () => {
    expect(groupOf('apps/v1')).toBe('apps');
    expect(groupOf('v1')).toBe('');
    expect(groupOf({} as any)).toBe('');
  });
});

describe('parseDiffReportFile', () => {
  it('says a problem with the whole file is in the file', () => {
    const result = parseDiffReportFile('not a report');
    expect('problems' in result && result.problems[0]).toMatch(/^\(file\): /);
  });
});

describe('scopeFromObjects', () => {
  it('takes a scope only from a CRD that names its group and kind', () => {
    const crd = (spec?: object) =>
      ({ kind: 'CustomResourceDefinition', ...(spec ? { spec } : {}) } as any);
    const isNamespaced = scopeFromObjects([
      crd(),
      crd({ group: 'a.io', scope: 'Cluster' }),
      crd({ group: 'b.io', names: { kind: 'B' }, scope: 'Cluster' }),
      {
        kind: 'Other',
        spec: { group: 'c.io', names: { kind: 'C' }, scope: 'Cluster' },
      } as any,
    ]);
    expect(isNamespaced('b.io', 'B')).toBe(false);
    expect(isNamespaced('c.io', 'C')).toBe(true);
  });

  it('scopeFromObjects calls a kind or group that is not text namespaced, without reading it', () => {
    const isNamespaced = scopeFromObjects([]);
    const noText = { toString: '' } as any;
    expect(isNamespaced('', noText)).toBe(true);
    expect(isNamespaced(noText, 'Namespace')).toBe(true);
    expect(isNamespaced('', 'Namespace')).toBe(false);
  });
});
