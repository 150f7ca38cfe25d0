import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { validateFleet } from '../validation/validateFleet';
import {
  clusterctlInitCommand,
  missingKinds,
  requiredClusterKinds,
} from './requiredProviders';

const { fleet } = validateFleet(readFleetDir(EXAMPLE_FLEET_DIR));

describe('requiredClusterKinds', () => {
  const required = requiredClusterKinds(fleet, 'v1beta2');

  it("lists the core, kubeadm and each spec's provider kinds with the CRD and version that serve them", () => {
    const byKind = new Map(required.map(r => [r.kind, r]));
    expect(byKind.get('Cluster')).toMatchObject({
      crd: 'clusters.cluster.x-k8s.io',
      version: 'v1beta2',
      provider: { type: 'core' },
    });
    expect(byKind.get('AWSManagedControlPlane')).toMatchObject({
      crd: 'awsmanagedcontrolplanes.controlplane.cluster.x-k8s.io',
      provider: { type: 'infrastructure', name: 'aws' },
      neededBy: ['ClusterSpec aws-eks'],
    });
    expect(byKind.get('KubeadmControlPlane')?.provider.type).toBe('core');
    expect(byKind.get('DockerClusterTemplate')?.provider).toEqual({
      type: 'infrastructure',
      name: 'docker',
    });
  });

  it('names every provider the example specs use, and no other', () => {
    const providers = new Set(
      required
        .filter(r => r.provider.type !== 'core')
        .map(r => r.provider.name),
    );
    const specProviders = new Set(
      [...fleet.clusterSpecs.values()].map(s => s.object.spec.provider),
    );
    expect([...providers].sort()).toEqual([...specProviders].sort());
  });
});

describe('clusterctlInitCommand', () => {
  const required = requiredClusterKinds(fleet, 'v1beta2');

  it('is undefined when every CRD serves its version', () => {
    const crds = required.map(r => ({
      name: r.crd,
      servedVersions: [r.version],
    }));
    expect(missingKinds(required, crds)).toEqual([]);
    expect(clusterctlInitCommand([])).toBeUndefined();
  });

  it('counts a CRD that serves another version as missing', () => {
    const crds = required.map(r => ({
      name: r.crd,
      servedVersions: r.kind === 'Cluster' ? ['v1beta1'] : [r.version],
    }));
    expect(missingKinds(required, crds).map(m => m.kind)).toEqual(['Cluster']);
  });

  it('installs every missing provider in one command', () => {
    const missing = missingKinds(required, []);
    const command = clusterctlInitCommand(missing)!;
    const providers = [
      ...new Set(
        [...fleet.clusterSpecs.values()].map(s => s.object.spec.provider),
      ),
    ].sort();
    expect(command).toBe(
      `clusterctl init --infrastructure ${providers.join(',')}`,
    );
    const coreOnly = missing.filter(m => m.provider.type === 'core');
    expect(clusterctlInitCommand(coreOnly)).toBe('clusterctl init');
  });
});
