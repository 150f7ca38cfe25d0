import type { FleetFiles } from '../model/Fleet';
import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { clustersWithNewLabels } from './labelChanges';
import { fleetBreakage } from './lastKnownGood';

const example = readFleetDir(EXAMPLE_FLEET_DIR);
const DEV = 'arlon/clusters/dev-local.yaml';
const PROD = 'arlon/clusters/prod-us-west.yaml';

const changes = (before: FleetFiles, after: FleetFiles) =>
  clustersWithNewLabels(fleetBreakage(before), fleetBreakage(after));
const sorted = (result: Set<string> | 'all') =>
  result === 'all' ? result : [...result].sort();

describe('clustersWithNewLabels', () => {
  it('is empty when a commit changes nothing a label depends on', () => {
    const after = {
      ...example,
      [PROD]: example[PROD].replace('profiles:', '# a comment\n  profiles:'),
      'README.md': 'changed',
    };
    expect(sorted(changes(example, after))).toEqual([]);
  });

  it('names a cluster given another profile, and no other', () => {
    const after = {
      ...example,
      [PROD]: example[PROD].replace(
        'profiles: [infrastructure]',
        'profiles: [infrastructure, apps]',
      ),
    };
    expect(sorted(changes(example, after))).toEqual(['prod-us-west']);
  });

  it('names a new cluster and a deleted one', () => {
    const { [DEV]: dev, ...rest } = example;
    const after = {
      ...rest,
      'arlon/clusters/dev-two.yaml': dev.replace(
        'name: dev-local',
        'name: dev-two',
      ),
    };
    expect(sorted(changes(example, after))).toEqual(['dev-local', 'dev-two']);
  });

  it('names every cluster held by a broken bundle of their profile, and again when it is fixed', () => {
    const BUNDLE = 'arlon/bundles/calico.yaml';
    const broken = { ...example, [BUNDLE]: `${example[BUNDLE]}\n  x: [` };
    const users = ['dev-local', 'edge-imported', 'prod-us-west', 'staging-eu'];
    expect(sorted(changes(example, broken))).toEqual(users);
    expect(sorted(changes(broken, example))).toEqual(users);
  });

  it('is every cluster when a broken file that names no definition appears or goes', () => {
    const unattributed = { ...example, 'arlon/clusters/Bad Name.yaml': ':' };
    expect(changes(example, unattributed)).toBe('all');
    expect(changes(unattributed, example)).toBe('all');
    expect(sorted(changes(unattributed, { ...unattributed }))).toEqual([]);
  });
});
