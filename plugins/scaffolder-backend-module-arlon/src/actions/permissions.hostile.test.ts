import {
  AuthorizeResult,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import {
  arlonConditions,
  createArlonConditionalDecision,
} from '@arlon-backstage/plugin-arlon-node';
import {
  arlonProfileApplyPermission,
  ARLON_RESOURCE_TYPE,
} from '@arlon-backstage/plugin-arlon-common';
import { stepContext, TestFleet } from '../__testUtils__/testFleet';
import { createArlonActions } from './createArlonActions';

const ALLOW: PolicyDecision = { result: AuthorizeResult.ALLOW };
const DENY: PolicyDecision = { result: AuthorizeResult.DENY };

type Case = {
  action: string;
  permission: string;
  input: Record<string, unknown>;
  dryRun?: boolean;
};

/** Every action and the one permission it needs, with an input it would act on. */
const CASES: Case[] = [
  {
    action: 'arlon:cluster:create',
    permission: 'arlon.cluster.create',
    input: { name: 'qa-7', clusterSpec: 'docker-dev', profiles: ['apps'] },
  },
  {
    action: 'arlon:cluster:clone',
    permission: 'arlon.cluster.create',
    input: { source: 'dev-local', name: 'dev-local-7' },
  },
  {
    action: 'arlon:cluster:import',
    permission: 'arlon.cluster.create',
    input: { name: 'edge-7', argocdCluster: 'ghost' },
    dryRun: true,
  },
  {
    action: 'arlon:cluster:unregister',
    permission: 'arlon.cluster.delete',
    input: { name: 'edge-imported' },
    dryRun: true,
  },
  {
    action: 'arlon:clusterspec:create',
    permission: 'arlon.definition.create',
    input: {
      name: 'docker-7',
      provider: 'docker',
      type: 'kubeadm',
      kubernetesVersion: 'v1.31.0',
      nodePools: [{ name: 'workers', machineType: 'docker', replicas: 1 }],
    },
  },
  {
    action: 'arlon:clusterspec:clone',
    permission: 'arlon.definition.create',
    input: { source: 'docker-dev', name: 'docker-dev-7' },
  },
  {
    action: 'arlon:bundle:create',
    permission: 'arlon.definition.create',
    input: {
      name: 'settings-7',
      manifests: {
        'cm.yaml':
          'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n',
      },
    },
  },
  {
    action: 'arlon:profile:create',
    permission: 'arlon.definition.create',
    input: { name: 'baseline-7', bundles: ['cert-manager'] },
  },
  {
    action: 'arlon:profile:apply',
    permission: 'arlon.profile.apply',
    input: { profiles: ['apps'], clusters: ['edge-imported'] },
  },
  {
    action: 'arlon:profile:remove',
    permission: 'arlon.profile.apply',
    input: { profiles: ['infrastructure'], clusters: ['edge-imported'] },
  },
  {
    action: 'arlon:cluster:upgrade',
    permission: 'arlon.definition.update',
    input: { clusterSpec: 'aws-eks', kubernetesVersion: 'v1.30.0' },
  },
  {
    action: 'arlon:cluster:upgrade',
    permission: 'arlon.cluster.update',
    input: { cluster: 'staging-eu', kubernetesVersion: 'v1.29.4' },
  },
  {
    action: 'arlon:nodepool:update',
    permission: 'arlon.definition.update',
    input: { clusterSpec: 'aws-eks', nodePool: 'general', replicas: 4 },
  },
  {
    action: 'arlon:nodepool:update',
    permission: 'arlon.cluster.update',
    input: {
      cluster: 'staging-eu',
      nodePool: 'workers',
      machineType: 'm5.2xlarge',
    },
  },
  {
    action: 'arlon:cluster:delete',
    permission: 'arlon.cluster.delete',
    input: { name: 'prod-us-west', confirm: 'prod-us-west' },
    dryRun: true,
  },
  {
    action: 'arlon:validate',
    permission: 'arlon.definition.read',
    input: { path: '.' },
  },
];

describe('scaffolder actions permissions (hostile)', () => {
  let fleet: Awaited<ReturnType<typeof TestFleet.start>>;
  const action = (id: string) =>
    createArlonActions(fleet.options).find(a => a.id === id)!;

  beforeAll(async () => {
    fleet = await TestFleet.start();
  }, 60_000);
  afterAll(() => fleet.stop());
  afterEach(() => {
    fleet.decide = undefined;
    fleet.options.defaultOwner = undefined;
  });

  describe.each(CASES)(
    '$action',
    ({ action: id, permission, input, dryRun }) => {
      it(`fails naming ${permission} when only that is denied, and commits nothing`, async () => {
        const before = await fleet.commits();
        fleet.decide = name => (name === permission ? DENY : ALLOW);
        await expect(
          action(id).handler(stepContext(input, { dryRun }).ctx),
        ).rejects.toThrow(`(permission ${permission})`);
        expect(await fleet.commits()).toBe(before);
      });

      it(`asks the policy about ${permission} and nothing else`, async () => {
        const asked: string[] = [];
        fleet.decide = name => {
          asked.push(name);
          return name === permission ? ALLOW : DENY;
        };
        // A dry run: whatever else happens (a missing ArgoCD cluster, no
        // workspace definitions), it is not a permission refusal.
        const failure = await action(id)
          .handler(stepContext(input, { dryRun: true }).ctx)
          .then(
            () => undefined,
            (error: Error) => error.message,
          );
        expect(failure ?? '').not.toMatch(/permission arlon/);
        expect([...new Set(asked)]).toEqual([permission]);
      });
    },
  );

  describe('owners', () => {
    const ownerOf =
      (claims: string[]) =>
      (name: string): PolicyDecision =>
        name === arlonProfileApplyPermission.name
          ? createArlonConditionalDecision(
              {
                ...arlonProfileApplyPermission,
                resourceType: ARLON_RESOURCE_TYPE,
              },
              arlonConditions.isArlonOwner({ claims }),
            )
          : ALLOW;

    it('a team applies a profile to its own cluster', async () => {
      fleet.options.defaultOwner = 'group:default/team-a';
      fleet.decide = ownerOf(['group:default/team-a']);
      const { ctx, outputs } = stepContext(
        { profiles: ['apps'], clusters: ['edge-imported'] },
        { dryRun: true },
      );
      await action('arlon:profile:apply').handler(ctx);
      expect(outputs.clusters).toEqual(['edge-imported']);
    });

    it("a team may not apply a profile to another team's cluster, and nothing is committed", async () => {
      // prod-us-west names group:default/platform; the rest default to team-a.
      fleet.options.defaultOwner = 'group:default/team-a';
      fleet.decide = ownerOf(['group:default/team-a']);
      const before = await fleet.commits();
      await expect(
        action('arlon:profile:apply').handler(
          stepContext({ profiles: ['apps'], selector: 'env in (prod,edge)' })
            .ctx,
        ),
      ).rejects.toThrow(
        'You may not apply profiles on these clusters: Cluster "prod-us-west" (owner group:default/platform) (permission arlon.profile.apply)',
      );
      expect(await fleet.commits()).toBe(before);
    });
  });
});
