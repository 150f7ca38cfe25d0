import type { FleetFiles } from '../../model/Fleet';
import { EXAMPLE_FLEET_DIR, readFleetDir } from '../../testing/readFleetDir';
import { validateFleet } from '../validateFleet';

/**
 * `spec.managementCluster` through the whole validation: checked against the
 * configured management clusters when the caller knows them, said nothing
 * about when it does not (the CLI on a fleet folder).
 */

const example = readFleetDir(EXAMPLE_FLEET_DIR);
const FILE = 'arlon/clusters/c1.yaml';
const placed = (managementCluster: string) => ({
  ...example,
  [FILE]: `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: c1
spec:
  clusterSpec: docker-dev
  managementCluster: ${managementCluster}
`,
});
const KNOWN = {
  managementClusters: { names: ['mc-east', 'mc-west'], default: 'mc-east' },
};

function problemsOf(files: FleetFiles, context = KNOWN) {
  return validateFleet(files, context).problems.map(p => ({
    file: p.file,
    line: p.line,
    field: p.field,
    message: p.message,
    hint: p.hint,
  }));
}

describe('validateFleet: spec.managementCluster', () => {
  it('accepts a configured management cluster that is not the default', () => {
    expect(problemsOf(placed('mc-west'))).toEqual([]);
  });

  it('refuses one that is not configured, at its line, naming those that are', () => {
    expect(problemsOf(placed('mc-north'))).toEqual([
      {
        file: FILE,
        line: 7,
        field: 'spec.managementCluster',
        message:
          'management cluster "mc-north" is not configured (arlon.managementClusters: "mc-east", "mc-west")',
        hint: 'Use one of "mc-east", "mc-west", or leave it out for the default (mc-east).',
      },
    ]);
  });

  it('suggests the close name for a typo', () => {
    expect(problemsOf(placed('mc-wset'))[0].hint).toBe(
      'Did you mean "mc-west"?',
    );
  });

  it('refuses naming the default management cluster: its clusters name none', () => {
    expect(problemsOf(placed('mc-east'))).toEqual([
      expect.objectContaining({
        field: 'spec.managementCluster',
        message:
          '"mc-east" is the default management cluster: the clusters it builds name none',
        hint: expect.stringContaining('Remove spec.managementCluster'),
      }),
    ]);
  });

  it('says nothing about the name when the caller knows no configuration', () => {
    expect(problemsOf(placed('mc-north'), {} as typeof KNOWN)).toEqual([]);
    expect(problemsOf(placed('mc-east'), {} as typeof KNOWN)).toEqual([]);
  });

  it('drops the cluster from the fleet the compiler sees when its placement is a problem', () => {
    const { fleet } = validateFleet(placed('mc-north'), KNOWN);
    expect(fleet.clusters.has('c1')).toBe(false);
    expect(fleet.clusters.has('dev-local')).toBe(true);
  });

  it('leaves clusters without the field alone whatever is configured', () => {
    expect(problemsOf(example)).toEqual([]);
  });
});
