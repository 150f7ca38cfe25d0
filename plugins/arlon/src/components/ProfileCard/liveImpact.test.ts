import type {
  DiffReport,
  DiffSection,
} from '@arlon-backstage/plugin-arlon-common';
import { clusterImpact, describeImpact } from './liveImpact';

const section = (over: Partial<DiffSection>): DiffSection => ({
  title: 's',
  method: 'server-side-dry-run',
  notes: [],
  summary: { create: 0, update: 0, delete: 0, unchanged: 0 },
  objects: [],
  ...over,
});
const report = (...sections: DiffSection[]): DiffReport => ({
  title: 'r',
  left: { kind: 'profile', name: 'p' },
  right: { kind: 'cluster', name: 'c' },
  createdAt: '2026-12-02T00:00:00Z',
  summary: { create: 0, update: 0, delete: 0, unchanged: 0 },
  sections,
});

describe('clusterImpact', () => {
  it("adds up every profile's pre-flight and keeps the least exact method", () => {
    expect(
      clusterImpact('prod-1', [
        report(
          section({
            summary: { create: 2, update: 0, delete: 0, unchanged: 3 },
          }),
        ),
        report(
          section({
            method: 'client-side',
            notes: ['bundle guestbook is a Helm chart', 'fell back'],
            summary: { create: 0, update: 1, delete: 1, unchanged: 0 },
          }),
        ),
      ]),
    ).toEqual({
      cluster: 'prod-1',
      method: 'client-side',
      summary: { create: 2, update: 1, delete: 1, unchanged: 3 },
      notes: ['bundle guestbook is a Helm chart', 'fell back'],
    });
  });

  it('reports the first error instead of a partial count', () => {
    expect(
      clusterImpact('prod-1', [
        report(
          section({
            summary: { create: 2, update: 0, delete: 0, unchanged: 0 },
          }),
        ),
        report(section({ error: 'connect ECONNREFUSED' })),
      ]),
    ).toEqual({ cluster: 'prod-1', notes: [], error: 'connect ECONNREFUSED' });
  });
});

describe('describeImpact', () => {
  it('names only the actions that happen', () => {
    expect(
      describeImpact({ create: 2, update: 0, delete: 1, unchanged: 9 }),
    ).toBe('2 to create, 1 to delete');
    expect(
      describeImpact({ create: 0, update: 0, delete: 0, unchanged: 9 }),
    ).toBe('no object would change');
    expect(
      describeImpact({ create: 0, update: 0, delete: 0, unchanged: 0 }, [
        'bundle guestbook is a Helm chart',
      ]),
    ).toBe('no change found, but see the notes');
  });
});
