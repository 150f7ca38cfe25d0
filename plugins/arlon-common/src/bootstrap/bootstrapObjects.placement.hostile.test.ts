import { bootstrapObjects, BootstrapPlanError } from './bootstrapObjects';
import { files } from './__testUtils__/placedFleet';

/**
 * The management cluster named for bootstrap (a CLI flag, a config name)
 * becomes a path of the tree: anything but a DNS label is refused before.
 */

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
