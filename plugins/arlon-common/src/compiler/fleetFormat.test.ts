import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { validateFleet } from '../validation/validateFleet';
import { compileFleet } from './compileFleet';
import {
  FLEET_FORMAT_ANNOTATION,
  FLEET_FORMAT_VERSION,
  fleetFormatOfGenerated,
} from './fleetFormat';

const BOOTSTRAP = 'generated/bootstrap/arlon-fleet.yaml';

describe('the fleet format version', () => {
  it('is recorded by the compiler on the bootstrap Application and read back', () => {
    const { fleet } = validateFleet(readFleetDir(EXAMPLE_FLEET_DIR));
    const generated = compileFleet(fleet, {
      repoUrl: 'https://git.example.com/fleet.git',
      revision: 'main',
    });
    expect(generated[BOOTSTRAP]).toContain(
      `${FLEET_FORMAT_ANNOTATION}: "${FLEET_FORMAT_VERSION}"`,
    );
    expect(fleetFormatOfGenerated(generated)).toEqual({
      status: 'recorded',
      version: FLEET_FORMAT_VERSION,
    });
  });

  it('reads a newer version than this release writes', () => {
    const text = `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: arlon-fleet\n  annotations:\n    ${FLEET_FORMAT_ANNOTATION}: "7"\n`;
    expect(fleetFormatOfGenerated({ [BOOTSTRAP]: text })).toEqual({
      status: 'recorded',
      version: 7,
    });
  });

  it('says unrecorded for a tree written before the format was recorded', () => {
    const text =
      'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: arlon-fleet\n';
    expect(fleetFormatOfGenerated({ [BOOTSTRAP]: text })).toEqual({
      status: 'unrecorded',
    });
  });

  it('says missing when there is no generated tree', () => {
    expect(fleetFormatOfGenerated({})).toEqual({ status: 'missing' });
  });
});
