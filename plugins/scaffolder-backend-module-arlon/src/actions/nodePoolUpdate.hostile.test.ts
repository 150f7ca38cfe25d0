import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createNodePoolUpdateAction } from './nodePoolUpdate';

const escape = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const POOL = { clusterSpec: 'aws-eks', nodePool: 'general' };
const AT = 'arlon/clusterspecs/aws-eks.yaml: spec.nodePools[0]';

/** Every input of arlon:nodepool:update, hostile: an InputError naming the field, nothing committed. */
describe('arlon:nodepool:update (hostile)', () => {
  const env = withFleet(fleet => createNodePoolUpdateAction(fleet.options));

  it.each<[string, Record<string, unknown>, string | RegExp]>([
    [
      'replicas as a string',
      { replicas: '3' },
      `${AT}.replicas must be a whole number from 0 to 5000`,
    ],
    [
      'fractional replicas',
      { replicas: 2.5 },
      `${AT}.replicas must be a whole number`,
    ],
    [
      'negative replicas',
      { replicas: -1 },
      `${AT}.replicas must be a whole number`,
    ],
    [
      'a huge pool',
      { replicas: 1e9 },
      "(Kubernetes' limit of nodes per cluster), not 1000000000",
    ],
    [
      'replicas NaN',
      { replicas: Number.NaN },
      `${AT}.replicas must be a whole number`,
    ],
    [
      'autoscaling as a list',
      { autoscaling: [2, 8] },
      `${AT}.autoscaling must be { min, max }`,
    ],
    [
      'autoscaling as a string',
      { autoscaling: '2..8' },
      `${AT}.autoscaling must be { min, max }`,
    ],
    [
      'autoscaling with a prototype key',
      {
        autoscaling: JSON.parse(
          '{"min": 1, "max": 3, "__proto__": {"polluted": true}}',
        ),
      },
      `${AT}.autoscaling must be { min, max }`,
    ],
    [
      'autoscaling with a string max',
      { autoscaling: { min: 1, max: '9' } },
      `${AT}.autoscaling.max must be a whole number`,
    ],
    [
      'autoscaling without min',
      { autoscaling: { max: 9 } },
      `${AT}.autoscaling.min must be a whole number`,
    ],
    [
      'a machine type carrying a shell command',
      { machineType: 'm5.large; rm -rf /' },
      `${AT}.machineType must be the provider's machine type or node image`,
    ],
    [
      'a machine type with a newline and YAML after it',
      { machineType: 'm5.large\nkind: Secret' },
      `${AT}.machineType must be`,
    ],
    [
      'a 300 KB machine type',
      { machineType: 'm'.repeat(300_000) },
      /machineType must be .*, not "m{39}…/,
    ],
    [
      'a machine type as an object',
      { machineType: { size: 'large' } },
      `${AT}.machineType must be`,
    ],
    [
      'a pool named __proto__ (no pool name: refused before the spec is read)',
      { nodePool: '__proto__', replicas: 1 },
      /^nodePool "__proto__" .*RFC 1123/,
    ],
    [
      'a pool named constructor (a valid name the spec does not have)',
      { nodePool: 'constructor', replicas: 1 },
      'has no pool named "constructor" (its pools: general)',
    ],
    [
      'a 300 KB pool name, not echoed whole',
      { nodePool: 'p'.repeat(300_000), replicas: 1 },
      /^nodePool "p{1,200}\.\.\." must be at most 63 characters \(it has 300000\)/,
    ],
    [
      'a pool name that leaves its folder',
      { nodePool: '../../etc', replicas: 1 },
      /^nodePool "\.\.\/\.\.\/etc" /,
    ],
    [
      'a pool as a list',
      { nodePool: ['general'], replicas: 1 },
      '"nodePool" must be the name of a node pool',
    ],
    [
      'no pool',
      { nodePool: undefined, replicas: 1 },
      '"nodePool" must be the name of a node pool',
    ],
    [
      'an unknown cluster',
      { clusterSpec: undefined, cluster: 'ghost', replicas: 1 },
      'There is no Cluster named "ghost" in the fleet repository',
    ],
    [
      'a cluster name that leaves its folder',
      {
        clusterSpec: undefined,
        cluster: '../clusterspecs/aws-eks',
        replicas: 1,
      },
      '"cluster" must be a name or an entity ref such as resource:default/<name>, not "../clusterspecs/aws-eks"',
    ],
  ])('refuses %s', async (_, over, message) => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    const error = await action
      .handler(stepContext({ ...POOL, ...over }).ctx)
      .then(
        () => undefined,
        (e: Error) => e,
      );
    expect(error?.name).toBe('InputError');
    expect(error?.message).toMatch(
      typeof message === 'string' ? escape(message) : message,
    );
    expect(({} as any).polluted).toBeUndefined();
    expect(await fleet.commits()).toBe(before);
  });
});
