import type { Fleet } from '../model/Fleet';
import type { Cluster, ClusterSpecSpec, NodePool } from '../model/types';
import { clusterApplication, specOf } from './clusterApplication';

const OPTIONS = {
  repoUrl: 'https://git.example.com/fleet.git',
  revision: 'main',
};

const pool = (
  name: string,
  autoscaling?: NodePool['autoscaling'],
): NodePool => ({ name, replicas: 2, ...(autoscaling ? { autoscaling } : {}) });

const specWith = (over: Partial<ClusterSpecSpec> = {}): ClusterSpecSpec => ({
  provider: 'docker',
  type: 'kubeadm',
  kubernetesVersion: 'v1.29.4',
  nodePools: [pool('workers')],
  ...over,
});

/** A fleet whose one ClusterSpec "small" is on a manual update policy. */
const fleet = {
  bundles: new Map(),
  profiles: new Map(),
  clusterSpecs: new Map([
    [
      'small',
      {
        file: 'clusterspecs/small.yaml',
        object: {
          apiVersion: 'core.arlon.io/v1',
          kind: 'ClusterSpec',
          metadata: { name: 'small' },
          spec: specWith({ updatePolicy: 'manual' }),
        },
      },
    ],
  ]),
  clusters: new Map(),
} as unknown as Fleet;

const clusterOf = (spec: Partial<Cluster['spec']>): Cluster =>
  ({
    apiVersion: 'core.arlon.io/v1',
    kind: 'Cluster',
    metadata: { name: 'c1' },
    spec,
  } as Cluster);

const appOf = (cluster: Cluster, spec = specWith()) =>
  clusterApplication(fleet, cluster, spec, OPTIONS, 'argocd') as any;

describe('specOf', () => {
  it('builds nothing for an external cluster, even one that also names a clusterSpec', () => {
    expect(specOf(fleet, clusterOf({ clusterSpec: 'small' }))).toEqual(
      specWith({ updatePolicy: 'manual' }),
    );
    expect(
      specOf(
        fleet,
        clusterOf({
          clusterSpec: 'small',
          external: { server: 'https://1.2.3.4:6443' },
        }),
      ),
    ).toBeUndefined();
  });
});

describe('clusterApplication', () => {
  it("a linked cluster follows its spec's manual policy: no automated sync", () => {
    const app = appOf(clusterOf({ clusterSpec: 'small' }));
    expect(app.metadata.annotations['arlon.io/update-policy']).toBe('manual');
    expect(app.spec.syncPolicy).toEqual({
      syncOptions: ['CreateNamespace=true', 'PruneLast=true'],
    });
  });

  it("a cloned cluster ignores the live spec's policy (docs: it applies to linked clusters) and syncs by itself", () => {
    const app = appOf(
      clusterOf({
        clusterSpec: 'small',
        mode: 'cloned',
        clonedFrom: { revision: 'abc123', spec: specWith() },
      }),
    );
    expect(app.metadata.annotations['arlon.io/update-policy']).toBe('auto');
    expect(app.spec.syncPolicy.automated).toEqual({
      prune: true,
      selfHeal: true,
    });
  });

  it('a cloned cluster that no longer names a spec is annotated with an empty cluster-spec', () => {
    const app = appOf(
      clusterOf({
        mode: 'cloned',
        clonedFrom: { revision: 'abc123', spec: specWith() },
      }),
    );
    expect(app.metadata.annotations).toMatchObject({
      'arlon.io/cluster-spec': '',
      'arlon.io/mode': 'cloned',
      'arlon.io/cloned-from-revision': 'abc123',
    });
  });

  it('leaves replicas to the autoscaler when any one pool autoscales, not only when all do', () => {
    const app = appOf(
      clusterOf({ clusterSpec: 'small' }),
      specWith({
        nodePools: [pool('fixed'), pool('elastic', { min: 1, max: 5 })],
      }),
    );
    expect(app.spec.ignoreDifferences).toEqual([
      {
        group: 'cluster.x-k8s.io',
        kind: 'MachineDeployment',
        jsonPointers: ['/spec/replicas'],
      },
      {
        group: 'cluster.x-k8s.io',
        kind: 'MachinePool',
        jsonPointers: ['/spec/replicas'],
      },
    ]);
    expect(
      appOf(clusterOf({ clusterSpec: 'small' })).spec.ignoreDifferences,
    ).toBeUndefined();
  });
});
