import type { Fleet } from '../model/Fleet';
import type { Bundle, Cluster, Profile } from '../model/types';
import { clusterValues, nest } from './clusterValues';

const located = <T>(object: T) => ({ file: 'test.yaml', object } as any);

function bundle(name: string, source: Bundle['spec']['source']): Bundle {
  return {
    apiVersion: 'core.arlon.io/v1',
    kind: 'Bundle',
    metadata: { name },
    spec: { source, parameters: [{ name: 'replicaCount', default: 1 }] },
  } as Bundle;
}

const git = (type: 'directory' | 'kustomize' | 'helm') =>
  ({
    git: { repoUrl: 'https://git.example.com/b.git', path: 'b', type },
  } as any);

function fleetOf(bundles: Bundle[], profileBundles: string[]): Fleet {
  const profile = {
    apiVersion: 'core.arlon.io/v1',
    kind: 'Profile',
    metadata: { name: 'web' },
    spec: { bundles: profileBundles },
  } as Profile;
  return {
    bundles: new Map(bundles.map(b => [b.metadata.name, located(b)])),
    profiles: new Map([['web', located(profile)]]),
    clusterSpecs: new Map(),
    clusters: new Map(),
  } as unknown as Fleet;
}

const cluster = {
  apiVersion: 'core.arlon.io/v1',
  kind: 'Cluster',
  metadata: { name: 'c1' },
  spec: { profiles: ['web'] },
} as unknown as Cluster;

describe('clusterValues', () => {
  it('writes values only for Helm charts: ArgoCD renders a directory or kustomize bundle without them', () => {
    const fleet = fleetOf(
      [
        bundle('plain', git('directory')),
        bundle('kust', git('kustomize')),
        bundle('chart', git('helm')),
      ],
      ['plain', 'kust', 'chart'],
    );
    expect(clusterValues(fleet, cluster)).toEqual([
      [
        'chart',
        {
          replicaCount: 1,
          arlon: { clusterName: 'c1', clusterLabels: {} },
        },
      ],
    ]);
  });
});

describe('nest', () => {
  it('keeps sibling keys under one parent, as helm --set service.type=..,service.port=.. does', () => {
    expect(nest({ 'service.type': 'NodePort', 'service.port': 8080 })).toEqual({
      service: { port: 8080, type: 'NodePort' },
    });
  });

  it('orders keys by name, so reordering values in a definition changes no values file', () => {
    const values = nest({ zeta: 1, 'b.y': 2, alpha: 3, 'b.x': 4 });
    expect(Object.keys(values)).toEqual(['alpha', 'b', 'zeta']);
    expect(Object.keys(values.b as object)).toEqual(['x', 'y']);
  });

  it('replaces a null value (YAML `~`, unvalidated) by the object a dotted key needs', () => {
    expect(nest({ service: null as any, 'service.type': 'NodePort' })).toEqual({
      service: { type: 'NodePort' },
    });
  });
});
