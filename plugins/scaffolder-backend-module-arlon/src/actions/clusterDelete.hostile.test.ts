import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createClusterDeleteAction } from './clusterDelete';

/** Every input of arlon:cluster:delete, hostile: an InputError naming the field, nothing committed. */
describe('arlon:cluster:delete (hostile)', () => {
  const env = withFleet(fleet => createClusterDeleteAction(fleet.options));

  it.each<[string, Record<string, unknown>, string | RegExp]>([
    [
      'a name as a number',
      { name: 7, confirm: '7' },
      '"name" must be a name or an entity ref, not',
    ],
    [
      'a name as a list',
      { name: ['dev-local'], confirm: 'dev-local' },
      '"name" must be a name or an entity ref, not',
    ],
    [
      'a name as an object with a prototype key',
      { name: JSON.parse('{"__proto__": {"polluted": true}}'), confirm: 'x' },
      '"name" must be a name or an entity ref, not',
    ],
    [
      'a name __proto__',
      { name: '__proto__', confirm: '__proto__' },
      /^name "__proto__" must/,
    ],
    [
      'a path that leaves its folder',
      { name: '../clusterspecs/aws-eks', confirm: 'aws-eks' },
      '"name" must be a name or an entity ref such as resource:default/<name>, not "../clusterspecs/aws-eks"',
    ],
    [
      'a 250 KB name',
      { name: 'a'.repeat(250 * 1024), confirm: 'a' },
      /^name ".*" must/,
    ],
    [
      'a name with a shell command',
      { name: 'dev-local; rm -rf /', confirm: 'dev-local; rm -rf /' },
      '"name" must be a name or an entity ref such as resource:default/<name>, not "dev-local; rm -rf /"',
    ],
    [
      'no confirmation',
      { name: 'dev-local' },
      '"confirm" must repeat the cluster\'s name',
    ],
    [
      'a confirmation as a list',
      { name: 'dev-local', confirm: ['dev-local'] },
      '"confirm" must repeat the cluster\'s name',
    ],
  ])('refuses %s', async (_, input, message) => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    const error = await action.handler(stepContext(input).ctx).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(['InputError', 'NotFoundError']).toContain(error?.name);
    expect(error?.message).toMatch(message);
    expect(({} as any).polluted).toBeUndefined();
    expect(await fleet.commits()).toBe(before);
    expect(await fleet.file('arlon/clusters/dev-local.yaml')).toBeDefined();
  });
});
