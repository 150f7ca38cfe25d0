import type { V1Secret } from '@kubernetes/client-node';
import type { CustomObject, FleetInformers } from './FleetInformers';
import { clusterStatus, findClusterStatus, LiveObjects } from './clusterStatus';
import {
  clusterStatusFinder,
  liveObjectsByCluster,
} from './clusterStatusIndex';

/** A small seeded generator (mulberry32): the same objects on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['c1', 'c2', 'c3', 'cluster-c1', 'constructor', '__proto__'];

/**
 * Live objects as a management cluster may hold them, including the odd
 * ones: several Secrets or root Applications for one cluster (the first
 * must win), a Secret whose label and name disagree, a CAPI Cluster in
 * another namespace, objects without labels or names.
 */
function randomLive(next: () => number, managementCluster: string) {
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const maybe = <T>(value: T) => (next() < 0.7 ? value : undefined);
  const capiClusters: CustomObject[] = [];
  const applications: CustomObject[] = [];
  const argocdClusterSecrets: V1Secret[] = [];
  for (let i = 0; i < 40; i++) {
    const name = pick(NAMES);
    capiClusters.push({
      metadata: {
        name: maybe(name),
        namespace: next() < 0.8 ? name : pick(NAMES),
      },
      status: { phase: pick(['Provisioning', 'Provisioned']), n: i },
    } as CustomObject);
    argocdClusterSecrets.push({
      metadata: {
        name: maybe(`cluster-${pick(NAMES)}`) ?? maybe(pick(NAMES)),
        labels: maybe({ 'arlon.io/cluster': pick(NAMES) }),
      },
      data: {
        server: Buffer.from(`https://10.0.0.${i}:6443`).toString('base64'),
      },
    });
    applications.push({
      metadata: {
        name: next() < 0.5 ? pick(NAMES) : `${pick(NAMES)}-b${i}`,
        labels: maybe({
          ...(next() < 0.8 ? { 'arlon.io/cluster': pick(NAMES) } : {}),
          'arlon.io/kind': pick(['cluster', 'bundle', 'other']),
          'arlon.io/bundle': `b${i}`,
        }),
      },
      spec: { syncPolicy: next() < 0.5 ? { automated: {} } : {} },
      status: {
        sync: { status: pick(['Synced', 'OutOfSync']) },
        health: { status: pick(['Healthy', 'Degraded']) },
      },
    } as CustomObject);
  }
  return {
    managementCluster,
    capiClusters,
    applications,
    argocdClusterSecrets,
  };
}

/** A management cluster as findClusterStatus reads it: its informers' lists. */
function asManagementCluster(live: LiveObjects) {
  return {
    name: live.managementCluster,
    informers: () =>
      ({
        capiClusters: { list: () => live.capiClusters },
        applications: { list: () => live.applications },
        argocdClusterSecrets: { list: () => live.argocdClusterSecrets },
      } as unknown as FleetInformers),
  };
}

describe('liveObjectsByCluster', () => {
  it("gives each cluster's status exactly as the whole lists do, over random live objects", () => {
    const next = random(17);
    for (let round = 0; round < 200; round++) {
      const live = randomLive(next, 'mgmt');
      const of = liveObjectsByCluster(live);
      for (const name of [...NAMES, 'c-none'])
        expect(clusterStatus(name, of(name))).toEqual(
          clusterStatus(name, live),
        );
    }
  });

  it('keeps only the objects that can concern the cluster, first ones first', () => {
    const secret = (name: string, cluster?: string) => ({
      metadata: {
        name,
        labels: cluster ? { 'arlon.io/cluster': cluster } : undefined,
      },
    });
    const live: LiveObjects = {
      managementCluster: 'mgmt',
      capiClusters: [
        { metadata: { name: 'c1', namespace: 'c1' } },
        { metadata: { name: 'c1', namespace: 'other' } },
      ] as CustomObject[],
      applications: [
        { metadata: { name: 'c1', labels: { 'arlon.io/kind': 'cluster' } } },
        {
          metadata: {
            name: 'c1-b',
            labels: { 'arlon.io/cluster': 'c1', 'arlon.io/kind': 'bundle' },
          },
        },
        { metadata: { name: 'c2-b', labels: { 'arlon.io/cluster': 'c2' } } },
      ] as CustomObject[],
      argocdClusterSecrets: [
        secret('cluster-c1', 'c2'),
        secret('cluster-c1'),
        secret('s', 'c1'),
      ],
    };
    const c1 = liveObjectsByCluster(live)('c1');
    expect(c1.capiClusters).toEqual([live.capiClusters[0]]);
    expect(c1.applications).toEqual(live.applications.slice(0, 2));
    expect(c1.argocdClusterSecrets).toEqual(live.argocdClusterSecrets);
    expect(liveObjectsByCluster(live)('c2').argocdClusterSecrets).toEqual([
      live.argocdClusterSecrets[0],
    ]);
  });
});

describe('clusterStatusFinder', () => {
  it('answers what findClusterStatus answers, over several management clusters', () => {
    const next = random(5);
    for (let round = 0; round < 100; round++) {
      const clusters = [
        asManagementCluster(randomLive(next, 'east')),
        asManagementCluster(randomLive(next, 'west')),
      ];
      const find = clusterStatusFinder(clusters);
      for (const name of [...NAMES, 'c-none'])
        expect(find(name)).toEqual(findClusterStatus(name, clusters));
    }
    expect(clusterStatusFinder([])('c1')).toBeUndefined();
  });
});
