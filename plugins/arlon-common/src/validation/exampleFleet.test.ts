import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { validateFleet } from './validateFleet';

describe('the example fleet', () => {
  it('validates without a single problem', () => {
    const { fleet, problems } = validateFleet(readFleetDir(EXAMPLE_FLEET_DIR));
    expect(problems).toEqual([]);
    expect([...fleet.bundles.keys()].sort()).toEqual([
      'calico',
      'cert-manager',
      'guestbook',
      'readonly-rbac',
    ]);
    expect([...fleet.profiles.keys()].sort()).toEqual([
      'apps',
      'infrastructure',
    ]);
    expect([...fleet.clusterSpecs.keys()].sort()).toEqual([
      'aws-eks',
      'aws-kubeadm',
      'azure-aks',
      'docker-dev',
    ]);
    expect([...fleet.clusters.keys()].sort()).toEqual([
      'dev-local',
      'edge-imported',
      'prod-us-west',
      'staging-eu',
    ]);
  });

  it("normalises Arlon's comma-separated bundle list", () => {
    const { fleet } = validateFleet(readFleetDir(EXAMPLE_FLEET_DIR));
    expect(fleet.profiles.get('apps')?.object.spec.bundles).toEqual([
      'guestbook',
    ]);
  });
});
