import { compileFleet } from '../compiler/compileFleet';
import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { validateFleet } from '../validation/validateFleet';
import { bootstrapObjects, BootstrapPlanError } from './bootstrapObjects';

/**
 * The management cluster named for bootstrap (a CLI flag, a config name)
 * becomes a path of the tree: anything but a DNS label is refused before.
 */

const OPTIONS = {
  repoUrl: 'https://git.example.com/fleet.git',
  revision: 'main',
};
const definitions = {
  ...readFleetDir(EXAMPLE_FLEET_DIR),
  'arlon/clusters/west-1.yaml': `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: west-1
spec:
  clusterSpec: docker-dev
  managementCluster: mc-west
`,
};
const files = {
  ...definitions,
  ...compileFleet(validateFleet(definitions).fleet, OPTIONS),
};

describe('bootstrapObjects: hostile management cluster names', () => {
  it.each([
    '../../generated',
    'mc-west/../..',
    '__proto__',
    'MC-WEST',
    '',
    'a'.repeat(64),
    'mc-west\n',
  ])('refuses %j before any path is built from it', name => {
    expect(() =>
      bootstrapObjects(files, undefined, { managementCluster: name }),
    ).toThrow(BootstrapPlanError);
    expect(() =>
      bootstrapObjects(files, undefined, { managementCluster: name }),
    ).toThrow(/is not a management cluster name/);
  });
});
