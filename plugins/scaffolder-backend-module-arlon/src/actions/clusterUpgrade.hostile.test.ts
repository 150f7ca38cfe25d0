import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createClusterUpgradeAction } from './clusterUpgrade';

const HUGE = 'v1.'.repeat(100_000);

/** Every input of arlon:cluster:upgrade, hostile: an InputError naming the field, nothing committed. */
describe('arlon:cluster:upgrade (hostile)', () => {
  const env = withFleet(fleet => createClusterUpgradeAction(fleet.options));

  it.each<[string, Record<string, unknown>, string | RegExp]>([
    [
      'a version carrying a shell command',
      { clusterSpec: 'aws-eks', kubernetesVersion: 'v1.30.0; rm -rf /' },
      'spec.kubernetesVersion: "v1.30.0; rm -rf /" is not a Kubernetes version',
    ],
    [
      'a version with a newline and YAML after it',
      { clusterSpec: 'aws-eks', kubernetesVersion: 'v1.30.0\nkind: Secret' },
      /is not a Kubernetes version/,
    ],
    [
      'a 300 KB version (shown cut short)',
      { clusterSpec: 'aws-eks', kubernetesVersion: HUGE },
      /"v1\.v1\.v1\.v1\.v1\.v1\.v1\.v1\.v1\.v1\.v1…" is not a Kubernetes version/,
    ],
    [
      'a version as a number',
      { clusterSpec: 'aws-eks', kubernetesVersion: 1.3 },
      '"kubernetesVersion" must be a version such as v1.31.2, not number',
    ],
    [
      'a version as a list',
      { clusterSpec: 'aws-eks', kubernetesVersion: ['v1.30.0'] },
      '"kubernetesVersion" must be a version such as v1.31.2, not a list',
    ],
    [
      'a version as an object with a prototype key',
      {
        clusterSpec: 'aws-eks',
        kubernetesVersion: JSON.parse('{"__proto__": {"polluted": true}}'),
      },
      '"kubernetesVersion" must be a version such as v1.31.2, not object',
    ],
    [
      'a spec named __proto__',
      { clusterSpec: '__proto__', kubernetesVersion: 'v1.30.0' },
      /^clusterSpec "__proto__" must/,
    ],
    [
      'a cluster named constructor',
      { cluster: 'constructor', kubernetesVersion: 'v1.30.0' },
      'There is no Cluster named "constructor" in the fleet repository',
    ],
    [
      'a spec name that leaves its folder',
      { clusterSpec: '../../generated/x', kubernetesVersion: 'v1.30.0' },
      '"clusterSpec" must be a name or an entity ref such as resource:default/<name>, not "../../generated/x"',
    ],
    [
      'a 250 KB spec name',
      { clusterSpec: 'a'.repeat(250 * 1024), kubernetesVersion: 'v1.30.0' },
      /^clusterSpec ".*" must/,
    ],
    [
      'a spec as a list',
      { clusterSpec: ['aws-eks'], kubernetesVersion: 'v1.30.0' },
      '"clusterSpec" must be a name or an entity ref, not a list',
    ],
    [
      'a spec and a cluster both',
      {
        clusterSpec: 'aws-eks',
        cluster: 'staging-eu',
        kubernetesVersion: 'v1.30.0',
      },
      'exactly one of them',
    ],
    [
      'neither a spec nor a cluster',
      { kubernetesVersion: 'v1.30.0' },
      'exactly one of them',
    ],
    [
      "a bundle's entity ref as the spec",
      {
        clusterSpec: 'resource:default/bundle-calico',
        kubernetesVersion: 'v1.30.0',
      },
      'is not an entity of a ClusterSpec',
    ],
  ])('refuses %s', async (_, input, message) => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    const error = await action.handler(stepContext(input).ctx).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.name).toBe('InputError');
    expect(error?.message).toMatch(message);
    expect(({} as any).polluted).toBeUndefined();
    expect(await fleet.commits()).toBe(before);
  });
});
