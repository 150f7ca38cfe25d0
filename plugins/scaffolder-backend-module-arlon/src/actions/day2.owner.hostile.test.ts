import type { PolicyDecision } from '@backstage/plugin-permission-common';
import {
  arlonConditions,
  createArlonConditionalDecision,
} from '@arlon-backstage/plugin-arlon-node';
import { ARLON_RESOURCE_TYPE } from '@arlon-backstage/plugin-arlon-common';
import { stepContext, TestFleet } from '../__testUtils__/testFleet';
import { createArlonActions } from './createArlonActions';

/**
 * Day-2 actions run by a team on definitions another team owns: refused
 * for the owner, on a dry run too, before the definition is read for the
 * change, so no refusal tells what it holds (its version, its pools).
 */
describe('day-2 actions on a definition another team owns (hostile)', () => {
  let fleet: Awaited<ReturnType<typeof TestFleet.start>>;
  const action = (id: string) =>
    createArlonActions(fleet.options).find(a => a.id === id)!;

  beforeAll(async () => {
    fleet = await TestFleet.start();
    // Every definition without an owner annotation is the platform team's.
    fleet.options.defaultOwner = 'group:default/platform';
    fleet.decide = (name): PolicyDecision =>
      createArlonConditionalDecision(
        {
          type: 'resource',
          name,
          attributes: {},
          resourceType: ARLON_RESOURCE_TYPE,
        },
        arlonConditions.isArlonOwner({ claims: ['group:default/team-a'] }),
      );
  }, 60_000);
  afterAll(() => fleet.stop());

  it.each<[string, string, Record<string, unknown>, string, string]>([
    [
      'an upgrade that skips a minor version',
      'arlon:cluster:upgrade',
      { clusterSpec: 'aws-eks', kubernetesVersion: 'v1.31.0' },
      'permission arlon.definition.update',
      'v1.29',
    ],
    [
      "a downgrade of a cloned cluster's spec",
      'arlon:cluster:upgrade',
      { cluster: 'staging-eu', kubernetesVersion: 'v1.20.0' },
      'permission arlon.cluster.update',
      'v1.28',
    ],
    [
      'a node pool the spec does not have',
      'arlon:nodepool:update',
      { clusterSpec: 'aws-eks', nodePool: 'probe', replicas: 3 },
      'permission arlon.definition.update',
      'general',
    ],
    [
      'a machine type that is not one',
      'arlon:nodepool:update',
      { cluster: 'staging-eu', nodePool: 'workers', machineType: '$(id)' },
      'permission arlon.cluster.update',
      'nodePools[',
    ],
  ])(
    '%s: a permission refusal, not what the definition holds, dry run or not',
    async (_case, id, input, permission, held) => {
      const before = await fleet.commits();
      for (const dryRun of [true, false]) {
        const failure = await action(id)
          .handler(stepContext(input, { dryRun }).ctx)
          .then(
            () => 'succeeded',
            (error: Error) => `${error.name}: ${error.message}`,
          );
        expect(failure).toMatch(/^NotAllowedError: You may not /);
        expect(failure).toContain(permission);
        expect(failure).toContain('owner group:default/platform');
        expect(failure).not.toContain(held);
      }
      expect(await fleet.commits()).toBe(before);
    },
  );

  it("a team's own cloned cluster is still changed (the check is on the owner, not a flat denial)", async () => {
    const { ctx, outputs } = stepContext(
      { cluster: 'staging-eu', kubernetesVersion: 'v1.29.0' },
      { dryRun: true },
    );
    fleet.options.defaultOwner = 'group:default/team-a';
    try {
      await action('arlon:cluster:upgrade').handler(ctx);
    } finally {
      fleet.options.defaultOwner = 'group:default/platform';
    }
    expect(outputs.clusters).toEqual(['staging-eu']);
    expect(outputs.from).toBe('v1.28.9');
  });

  it.each([true, false])(
    "deleting another team's cluster is refused for its owner (dry run %s), nothing committed",
    async dryRun => {
      const before = await fleet.commits();
      await expect(
        action('arlon:cluster:delete').handler(
          stepContext(
            { name: 'resource:default/staging-eu', confirm: 'staging-eu' },
            { dryRun },
          ).ctx,
        ),
      ).rejects.toThrow(
        'Cluster "staging-eu" (owner group:default/platform) (permission arlon.cluster.delete)',
      );
      expect(await fleet.commits()).toBe(before);
    },
  );
});
