import fc from 'fast-check';
import type { V1Secret } from '@kubernetes/client-node';
import { clusterStatusLookup, findClusterStatus } from './clusterStatus';
import type { CustomObject, FleetInformers } from './FleetInformers';

const NAMES = ['a', 'b', 'c', 'cluster-a', 'd'];
const name = fc.constantFrom(...NAMES);
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.option(arb, { nil: undefined, freq: 3 });

const capiCluster = fc.record({
  metadata: fc.record({ name, namespace: name }),
  status: fc.record({ phase: fc.constantFrom('Provisioning', 'Provisioned') }),
}) as fc.Arbitrary<CustomObject>;

const application = fc
  .record({
    name,
    cluster: maybe(name),
    kind: maybe(fc.constantFrom('cluster', 'bundle')),
    sync: fc.constantFrom('Synced', 'OutOfSync'),
    automated: fc.boolean(),
  })
  .map(
    ({ name: n, cluster, kind, sync, automated }): CustomObject => ({
      metadata: {
        name: n,
        labels: {
          ...(cluster ? { 'arlon.io/cluster': cluster } : {}),
          ...(kind ? { 'arlon.io/kind': kind } : {}),
        },
      },
      spec: { syncPolicy: automated ? { automated: {} } : {} },
      status: { sync: { status: sync }, health: { status: 'Healthy' } },
    }),
  );

const secret = fc
  .record({
    name: fc.oneof(
      name.map(n => `cluster-${n}`),
      name,
    ),
    label: maybe(name),
  })
  .map(
    ({ name: n, label }): V1Secret => ({
      metadata: {
        name: n,
        ...(label ? { labels: { 'arlon.io/cluster': label } } : {}),
      },
      data: { server: Buffer.from(`https://${n}:6443`).toString('base64') },
    }),
  );

const list = <T>(items: T[]) => ({ list: () => items });

const managementCluster = fc
  .record({
    name: fc.constantFrom('mgmt-1', 'mgmt-2'),
    capiClusters: fc.array(capiCluster, { maxLength: 4 }),
    applications: fc.array(application, { maxLength: 6 }),
    secrets: fc.array(secret, { maxLength: 4 }),
  })
  .map(m => ({
    name: m.name,
    informers: () =>
      ({
        capiClusters: list(m.capiClusters),
        applications: list(m.applications),
        argocdClusterSecrets: list(m.secrets),
      } as unknown as FleetInformers),
  }));

describe('clusterStatusLookup', () => {
  it('gives every cluster the status findClusterStatus gives it', () => {
    fc.assert(
      fc.property(fc.array(managementCluster, { maxLength: 3 }), clusters => {
        const lookup = clusterStatusLookup(clusters);
        for (const n of [...NAMES, 'unknown'])
          expect(lookup(n)).toEqual(findClusterStatus(n, clusters));
      }),
      { numRuns: 500 },
    );
  });

  it('reads each informer once, however many clusters it is asked about', () => {
    let lists = 0;
    const counted = <T>(items: T[]) => ({
      list: () => {
        lists++;
        return items;
      },
    });
    const lookup = clusterStatusLookup([
      {
        name: 'mgmt',
        informers: () =>
          ({
            capiClusters: counted([]),
            applications: counted([]),
            argocdClusterSecrets: counted([]),
          } as unknown as FleetInformers),
      },
    ]);
    for (let i = 0; i < 100; i++) lookup(`c${i}`);
    expect(lists).toBe(3);
  });
});
