import { stringify } from 'yaml';
import { resolveSpecTarget, specBodyEdit } from './specTarget';

const body = {
  provider: 'docker',
  type: 'kubeadm',
  kubernetesVersion: 'v1.30.0',
  nodePools: [
    { name: 'md-0', machineType: 'kindest/node:v1.30.0', replicas: 1 },
  ],
};
const object = (kind: string, name: string, spec: object) =>
  stringify({
    apiVersion: 'core.arlon.io/v1',
    kind,
    metadata: { name },
    spec,
  });
const FILES = {
  'arlon/clusterspecs/dev.yaml': object('ClusterSpec', 'dev', {
    ...body,
    updatePolicy: 'manual',
  }),
  'arlon/clusters/b-auto.yaml': object('Cluster', 'b-auto', {
    clusterSpec: 'dev',
    updatePolicy: 'auto',
  }),
  'arlon/clusters/a-follows.yaml': object('Cluster', 'a-follows', {
    clusterSpec: 'dev',
  }),
  'arlon/clusters/frozen.yaml': object('Cluster', 'frozen', {
    clusterSpec: 'dev',
    mode: 'cloned',
    clonedFrom: { revision: 'abc', spec: body },
  }),
  'arlon/clusters/edge.yaml': object('Cluster', 'edge', {
    external: { server: 'https://edge.example.com:6443' },
  }),
};

describe('resolveSpecTarget', () => {
  it("a spec reaches its linked clusters, sorted; the cloned one keeps its copy; manual is the cluster's policy, else the spec's", () => {
    const resolved = resolveSpecTarget(FILES, {
      kind: 'ClusterSpec',
      name: 'dev',
    });
    expect(resolved).toMatchObject({
      file: 'arlon/clusterspecs/dev.yaml',
      field: 'spec',
      clusters: ['a-follows', 'b-auto'],
      manual: ['a-follows'],
    });
  });

  it("a cloned cluster is its own copy's only cluster", () => {
    expect(
      resolveSpecTarget(FILES, { kind: 'Cluster', name: 'frozen' }),
    ).toMatchObject({
      field: 'spec.clonedFrom.spec',
      body,
      clusters: ['frozen'],
      manual: [],
    });
  });

  it.each([
    [
      'a-follows',
      /follows ClusterSpec "dev" \(mode linked\): change that spec/,
    ],
    ['edge', /is external \(spec\.external\): Arlon does not build it/],
    ['__proto__', /There is no Cluster named "__proto__"/],
  ])('refuses cluster %s, saying why', (name, message) => {
    expect(() => resolveSpecTarget(FILES, { kind: 'Cluster', name })).toThrow(
      message,
    );
  });
});

describe('specBodyEdit', () => {
  const resolved = resolveSpecTarget(FILES, {
    kind: 'Cluster',
    name: 'frozen',
  });

  it('an unchanged body is no edit (an update would rewrite the file)', () => {
    expect(specBodyEdit(resolved, { ...body })).toEqual([]);
  });

  it("replaces only a cloned cluster's copy, keeping its revision and the rest", () => {
    const [edit] = specBodyEdit(resolved, {
      ...body,
      kubernetesVersion: 'v1.31.0',
    });
    if (edit.op !== 'update') throw new Error(`unexpected ${edit.op}`);
    const current = {
      kind: 'Cluster',
      metadata: { name: 'frozen' },
      spec: {
        clusterSpec: 'dev',
        mode: 'cloned',
        clonedFrom: { revision: 'abc', spec: body },
      },
    } as any;
    expect(edit.update(current)).toEqual({
      ...current,
      spec: {
        ...current.spec,
        clonedFrom: {
          revision: 'abc',
          spec: { ...body, kubernetesVersion: 'v1.31.0' },
        },
      },
    });
  });
});
