import { MASK } from '@arlon-backstage/plugin-arlon-common';
import { parse } from 'yaml';
import { maskSecret, missingObjects, snapshotYaml } from './snapshotList';

const secret = {
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: {
    name: 'db',
    namespace: 'web',
    annotations: {
      'kubectl.kubernetes.io/last-applied-configuration':
        '{"apiVersion":"v1","kind":"Secret","stringData":{"password":"hunter2"}}',
      'other.example/copy': '{"data":{"password":"aHVudGVyMg=="}}',
      'team.example/owner': 'web',
    },
  },
  data: { password: 'aHVudGVyMg==' },
  stringData: { token: 'abc' },
};

describe('maskSecret', () => {
  it('masks every data and stringData value and the annotations that copy them, keeping the keys', () => {
    const masked = maskSecret(secret as any) as any;
    expect(masked.data).toEqual({ password: MASK });
    expect(masked.stringData).toEqual({ token: MASK });
    expect(masked.metadata.annotations).toEqual({
      'kubectl.kubernetes.io/last-applied-configuration': MASK,
      'other.example/copy': MASK,
      'team.example/owner': 'web',
    });
    expect(JSON.stringify(masked)).not.toMatch(/hunter2|aHVudGVyMg|abc/);
  });

  it('leaves other kinds alone, even with a data field', () => {
    const cm = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'c' },
      data: { a: 'b' },
    };
    expect(maskSecret(cm as any)).toBe(cm);
  });
});

describe('missingObjects', () => {
  const cm = (name: string, namespace?: string) =>
    ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name, ...(namespace ? { namespace } : {}) },
    } as any);
  it('names what the cluster lacks, matching namespace, kind and apiVersion', () => {
    expect(
      missingObjects(
        [cm('a', 'x'), cm('b', 'x'), cm('a', 'y')],
        [cm('a', 'x'), { ...cm('b', 'x'), apiVersion: 'v2' }],
      ),
    ).toEqual([cm('b', 'x'), cm('a', 'y')]);
  });
  it('finds a cluster-scoped object the renderer gave a namespace', () => {
    const role = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: 'r' },
    } as any;
    expect(
      missingObjects(
        [{ ...role, metadata: { name: 'r', namespace: 'b' } }],
        [role],
      ),
    ).toEqual([]);
  });
});

describe('snapshotYaml', () => {
  const base = {
    what: 'bundle web',
    context: 'dev',
    missing: [],
    notes: [],
    takenAt: new Date('2026-12-03T10:00:00Z'),
  };
  it('writes one List, sorted, Secrets masked, what is missing only in the comment', () => {
    const text = snapshotYaml({
      ...base,
      live: [
        secret as any,
        {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: 'db', namespace: 'web' },
        },
      ],
      missing: [
        {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: 'gone', namespace: 'web' },
        },
      ],
    });
    expect(text.split('\n').slice(0, 4)).toEqual([
      '# arlon snapshot of bundle web on context dev, 2026-12-03T10:00:00.000Z',
      `# Live state: compare it with arlon diff <this file> <manifests>. Secret values are masked (${MASK}).`,
      '# Not on the cluster (1), left out:',
      '#   v1 ConfigMap web/gone',
    ]);
    const list = parse(text);
    expect(list.kind).toBe('List');
    expect(list.items.map((o: any) => o.kind)).toEqual(['ConfigMap', 'Secret']);
    expect(list.items[1].data.password).toBe(MASK);
    expect(text).not.toContain('hunter2');
  });

  it('keeps a line break in a note inside the comment, not as YAML', () => {
    const text = snapshotYaml({
      ...base,
      live: [],
      notes: ['first\nkind: Secret\r\nsecond'],
    });
    expect(text).toContain('# kind: Secret\n');
    expect(parse(text)).toEqual({
      apiVersion: 'v1',
      kind: 'List',
      metadata: { resourceVersion: '' },
      items: [],
    });
  });
});
