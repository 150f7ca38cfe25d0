import {
  compileFleet,
  ServedKinds,
  validateFleet,
} from '@arlon-backstage/plugin-arlon-common';
import { FleetDefinitions } from './FleetDefinitions';
import type { FleetRepository } from './FleetRepository';

const definitions = {
  'arlon/clusterspecs/docker-dev.yaml':
    'apiVersion: core.arlon.io/v1\nkind: ClusterSpec\nmetadata:\n  name: docker-dev\nspec:\n  provider: docker\n  type: kubeadm\n  kubernetesVersion: v1.31.2\n  controlPlane: { replicas: 1 }\n  nodePools:\n    - name: md-0\n      machineType: kindest/node:v1.31.2\n      replicas: 1\n',
  'arlon/clusters/dev.yaml':
    'apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: dev\nspec:\n  clusterSpec: docker-dev\n',
};
const where = {
  repoUrl: 'https://git.example.com/fleet.git',
  revision: 'main',
};
/** A fleet whose generated/ was compiled at `capiVersion`. */
const fleetAt = (capiVersion: 'v1beta1' | 'v1beta2') => ({
  ...definitions,
  ...compileFleet(validateFleet(definitions).fleet, { ...where, capiVersion }),
});

const served = (name: string, ...versions: string[]): ServedKinds => ({
  managementCluster: name,
  served: new Set(versions.map(v => `cluster.x-k8s.io/${v}/Cluster`)),
});

/** Only the compile options are asked of it: the repository is never read here. */
const definitionsServing = (answer: ServedKinds[]) =>
  new FleetDefinitions(
    {
      config: { url: where.repoUrl, branch: where.revision },
    } as unknown as FleetRepository,
    async () => answer,
  );

describe('FleetDefinitions: the Cluster API version a write compiles at', () => {
  it('v1beta2 when every management cluster that answers serves it, whatever the tree recorded', async () => {
    const d = definitionsServing([
      served('a', 'v1beta1', 'v1beta2'),
      served('b', 'v1beta1', 'v1beta2'),
    ]);
    expect(await d.currentCompileOptions(fleetAt('v1beta1'))).toEqual({
      ...where,
      capiVersion: 'v1beta2',
    });
  });

  it('v1beta1 when one of them serves only v1beta1 (an older Cluster API)', async () => {
    const d = definitionsServing([
      served('a', 'v1beta1', 'v1beta2'),
      served('b', 'v1beta1'),
    ]);
    expect(
      (await d.currentCompileOptions(fleetAt('v1beta2'))).capiVersion,
    ).toBe('v1beta1');
  });

  it('what generated/ records when no management cluster answers, so an outage changes nothing', async () => {
    const d = definitionsServing([]);
    expect(
      (await d.currentCompileOptions(fleetAt('v1beta2'))).capiVersion,
    ).toBe('v1beta2');
    expect(
      (await d.currentCompileOptions(fleetAt('v1beta1'))).capiVersion,
    ).toBe('v1beta1');
    expect((await d.currentCompileOptions(definitions)).capiVersion).toBe(
      'v1beta1',
    );
  });
});
