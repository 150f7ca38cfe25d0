import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  AuthorizeResult,
  type ConditionalPolicyDecision,
} from '@backstage/plugin-permission-common';
import {
  arlonClusterCreatePermission,
  arlonClusterDeletePermission,
  arlonClusterUpdatePermission,
  arlonDefinitionCreatePermission,
  arlonDefinitionReadPermission,
  arlonDefinitionUpdatePermission,
  arlonDiffReadPermission,
  arlonDiffReportWritePermission,
  arlonFleetAdminPermission,
  arlonFleetReadPermission,
  arlonPermissions,
  arlonProfileApplyPermission,
  arlonResourceOf,
} from '@arlon-backstage/plugin-arlon-common';
import { DefinitionDecision } from '@arlon-backstage/plugin-arlon-node';
import { ArlonPermissionPolicy } from './permissionPolicy';

const OWNERSHIP: Record<string, string[]> = {
  'user:default/ada': ['user:default/ada', 'group:default/platform'],
  'user:default/olive': ['user:default/olive', 'group:default/team-a'],
  'user:default/rita': ['user:default/rita', 'group:default/readers'],
};

const policy = new ArlonPermissionPolicy({
  admins: ['platform'],
  userInfo: {
    getUserInfo: async (credentials: BackstageCredentials<any>) => ({
      userEntityRef: credentials.principal.userEntityRef,
      ownershipEntityRefs: OWNERSHIP[credentials.principal.userEntityRef],
    }),
  },
});

const as = (userEntityRef: string) =>
  ({
    credentials: {
      $$type: '@backstage/BackstageCredentials',
      principal: { type: 'user', userEntityRef },
    },
    info: { userEntityRef, ownershipEntityRefs: [] },
  } as any);

const clusterOf = (name: string, owner: string) =>
  arlonResourceOf({
    kind: 'Cluster',
    metadata: { name, annotations: { 'arlon.io/owner': owner } },
  });

describe('ArlonPermissionPolicy', () => {
  it('an admin (through a group) may do everything in Arlon', async () => {
    for (const permission of arlonPermissions)
      expect(
        await policy.handle({ permission }, as('user:default/ada')),
      ).toEqual({ result: AuthorizeResult.ALLOW });
  });

  it('an owner may update and apply profiles on their own cluster, not on another team’s', async () => {
    for (const permission of [
      arlonClusterUpdatePermission,
      arlonProfileApplyPermission,
    ]) {
      const answer = (await policy.handle(
        { permission },
        as('user:default/olive'),
      )) as ConditionalPolicyDecision;
      expect(answer.result).toBe(AuthorizeResult.CONDITIONAL);
      const decision = new DefinitionDecision(permission, answer);
      expect(decision.allows(clusterOf('x', 'group:default/team-a'))).toBe(
        true,
      );
      expect(decision.allows(clusterOf('y', 'group:default/team-b'))).toBe(
        false,
      );
    }
  });

  it('an owner may not delete or rebuild their cluster, create clusters or write definitions', async () => {
    for (const permission of [
      arlonClusterDeletePermission,
      arlonClusterCreatePermission,
      arlonDefinitionCreatePermission,
      arlonDefinitionUpdatePermission,
      arlonFleetAdminPermission,
      arlonDiffReportWritePermission,
    ])
      expect(
        await policy.handle({ permission }, as('user:default/olive')),
      ).toEqual({ result: AuthorizeResult.DENY });
  });

  it('every signed-in user reads', async () => {
    for (const permission of [
      arlonDefinitionReadPermission,
      arlonFleetReadPermission,
      arlonDiffReadPermission,
    ])
      expect(
        await policy.handle({ permission }, as('user:default/rita')),
      ).toEqual({ result: AuthorizeResult.ALLOW });
  });

  it('a reader’s update is a condition no cluster of theirs meets', async () => {
    const answer = (await policy.handle(
      { permission: arlonClusterUpdatePermission },
      as('user:default/rita'),
    )) as ConditionalPolicyDecision;
    expect(
      new DefinitionDecision(arlonClusterUpdatePermission, answer).allows(
        clusterOf('x', 'group:default/team-a'),
      ),
    ).toBe(false);
  });

  it('without a user, nothing in Arlon is allowed, not even reading', async () => {
    for (const permission of arlonPermissions)
      expect(await policy.handle({ permission })).toEqual({
        result: AuthorizeResult.DENY,
      });
  });

  it('other plugins keep a stock app’s behaviour (allow)', async () => {
    expect(
      await policy.handle(
        {
          permission: {
            type: 'basic',
            name: 'catalog.entity.create',
            attributes: { action: 'create' },
          },
        },
        as('user:default/rita'),
      ),
    ).toEqual({ result: AuthorizeResult.ALLOW });
  });
});
