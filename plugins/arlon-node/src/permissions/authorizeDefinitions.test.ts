import type {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import {
  arlonClusterDeletePermission,
  arlonDefinitionUpdatePermission,
  arlonFleetAdminPermission,
  arlonResourceOf,
  type ArlonResource,
} from '@arlon-backstage/plugin-arlon-common';
import {
  AuthorizeResult,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import { authorize } from '../fleet/authorize';
import {
  arlonConditions,
  arlonPermissionRuleset,
  createArlonConditionalDecision,
  isArlonKind,
  isArlonOwner,
} from './arlonPermissionRules';
import {
  authorizeDefinitions,
  decideOnDefinitions,
  DefinitionDecision,
} from './authorizeDefinitions';

const credentials = {
  $$type: '@backstage/BackstageCredentials',
  principal: { type: 'user', userEntityRef: 'user:default/ada' },
} as BackstageCredentials;

/**
 * A policy answering per permission name (a name it does not know is denied),
 * recording what it was asked and with which credentials: the permission
 * framework's own service is this interface, the answers are the input.
 */
function policy(answers: Record<string, PolicyDecision>) {
  const asked: { name: string; credentials: unknown; how: string }[] = [];
  const answer = (name: string) =>
    answers[name] ?? { result: AuthorizeResult.DENY };
  const service = {
    async authorize(requests: any[], options: any) {
      return requests.map(r => {
        asked.push({
          name: r.permission.name,
          credentials: options.credentials,
          how: 'authorize',
        });
        return answer(r.permission.name);
      });
    },
    async authorizeConditional(requests: any[], options: any) {
      return requests.map(r => {
        asked.push({
          name: r.permission.name,
          credentials: options.credentials,
          how: 'authorizeConditional',
        });
        return answer(r.permission.name);
      });
    },
  } as unknown as PermissionsService;
  return { service, asked };
}

const cluster = (name: string, owner?: string): ArlonResource =>
  arlonResourceOf(
    {
      kind: 'Cluster',
      metadata: {
        name,
        annotations: owner ? { 'arlon.io/owner': owner } : undefined,
      },
    },
    'group:default/platform',
  );

const ownedByTeamA = createArlonConditionalDecision(
  arlonDefinitionUpdatePermission,
  arlonConditions.isArlonOwner({ claims: ['group:default/team-a'] }),
);

describe('authorize (basic permissions)', () => {
  it('passes when the policy allows the permission, asking as the caller', async () => {
    const { service, asked } = policy({
      [arlonFleetAdminPermission.name]: { result: AuthorizeResult.ALLOW },
    });
    await expect(
      authorize(service, arlonFleetAdminPermission, credentials, 'bootstrap'),
    ).resolves.toBeUndefined();
    expect(asked).toEqual([
      {
        name: arlonFleetAdminPermission.name,
        credentials,
        how: 'authorize',
      },
    ]);
  });

  it('throws a 403 naming what and the permission when denied', async () => {
    const { service } = policy({});
    const denial = authorize(
      service,
      arlonFleetAdminPermission,
      credentials,
      'bootstrap the fleet',
    );
    await expect(denial).rejects.toMatchObject({
      name: 'NotAllowedError',
      message: `You may not bootstrap the fleet (permission ${arlonFleetAdminPermission.name})`,
    });
  });

  it('treats a conditional answer to a basic permission as a denial', async () => {
    const { service } = policy({
      [arlonFleetAdminPermission.name]: ownedByTeamA as PolicyDecision,
    });
    await expect(
      authorize(service, arlonFleetAdminPermission, credentials, 'x'),
    ).rejects.toThrow(/permission arlon\.fleet\.admin/);
  });
});

describe('DefinitionDecision', () => {
  const allow = new DefinitionDecision(arlonDefinitionUpdatePermission, {
    result: AuthorizeResult.ALLOW,
  });
  const deny = new DefinitionDecision(arlonDefinitionUpdatePermission, {
    result: AuthorizeResult.DENY,
  });
  const conditional = new DefinitionDecision(
    arlonDefinitionUpdatePermission,
    ownedByTeamA,
  );

  it('is denied only when the policy denies outright', () => {
    expect(allow.denied).toBe(false);
    expect(deny.denied).toBe(true);
    expect(conditional.denied).toBe(false);
  });

  it('requireSome throws a 403 naming the permission only on an outright denial', () => {
    expect(() => deny.requireSome('update definitions')).toThrow(
      `You may not update definitions (permission ${arlonDefinitionUpdatePermission.name})`,
    );
    expect(() => deny.requireSome('x')).toThrow(
      expect.objectContaining({ name: 'NotAllowedError' }),
    );
    expect(() => allow.requireSome('x')).not.toThrow();
    expect(() => conditional.requireSome('x')).not.toThrow();
  });

  it('evaluates an owner condition on each definition', () => {
    expect(conditional.allows(cluster('a', 'team-a'))).toBe(true);
    expect(conditional.allows(cluster('b', 'group:default/team-b'))).toBe(
      false,
    );
    // No owner annotation: the default owner is checked, not a pass.
    expect(conditional.allows(cluster('c'))).toBe(false);
    expect(allow.allows(cluster('c'))).toBe(true);
    expect(deny.allows(cluster('a', 'team-a'))).toBe(false);
  });

  it('require names every definition denied, with its owner, and passes when none is', () => {
    expect(() =>
      conditional.require(
        [cluster('a', 'team-a'), cluster('b', 'team-b'), cluster('c')],
        'update these clusters',
      ),
    ).toThrow(
      `You may not update these clusters: Cluster "b" (owner group:default/team-b), Cluster "c" (owner group:default/platform) (permission ${arlonDefinitionUpdatePermission.name}); ask an owner or an Arlon admin`,
    );
    expect(() =>
      conditional.require([cluster('a', 'team-a')], 'update'),
    ).not.toThrow();
    expect(() => conditional.require([], 'update')).not.toThrow();
  });
});

describe('decideOnDefinitions and authorizeDefinitions', () => {
  it('asks the policy conditionally, once, as the caller', async () => {
    const { service, asked } = policy({
      [arlonDefinitionUpdatePermission.name]: ownedByTeamA,
    });
    const decision = await decideOnDefinitions(
      service,
      arlonDefinitionUpdatePermission,
      credentials,
    );
    expect(decision.permission).toBe(arlonDefinitionUpdatePermission);
    expect(decision.allows(cluster('a', 'team-a'))).toBe(true);
    expect(asked).toEqual([
      {
        name: arlonDefinitionUpdatePermission.name,
        credentials,
        how: 'authorizeConditional',
      },
    ]);
  });

  it('refuses an outright denial before looking at any definition', async () => {
    const { service } = policy({});
    await expect(
      authorizeDefinitions(
        service,
        arlonClusterDeletePermission,
        credentials,
        [],
        'delete clusters',
      ),
    ).rejects.toThrow(
      `You may not delete clusters (permission ${arlonClusterDeletePermission.name})`,
    );
  });

  it('refuses a definition the condition denies and passes the ones it allows', async () => {
    const { service } = policy({
      [arlonDefinitionUpdatePermission.name]: ownedByTeamA,
    });
    await expect(
      authorizeDefinitions(
        service,
        arlonDefinitionUpdatePermission,
        credentials,
        [cluster('a', 'team-a'), cluster('b', 'team-b')],
        'update',
      ),
    ).rejects.toThrow('Cluster "b" (owner group:default/team-b)');
    await expect(
      authorizeDefinitions(
        service,
        arlonDefinitionUpdatePermission,
        credentials,
        [cluster('a', 'team-a')],
        'update',
      ),
    ).resolves.toBeUndefined();
  });
});

describe('the rules', () => {
  it('isArlonOwner matches an owner however the claim is spelled, and nothing else', () => {
    const resource = cluster('a', 'team-a');
    expect(
      isArlonOwner.apply(resource, { claims: ['Group:Default/Team-A'] }),
    ).toBe(true);
    expect(isArlonOwner.apply(resource, { claims: ['team-a'] })).toBe(true);
    expect(
      isArlonOwner.apply(resource, { claims: ['user:default/team-a'] }),
    ).toBe(false);
    expect(isArlonOwner.apply(resource, { claims: [] })).toBe(false);
    expect(isArlonOwner.toQuery({ claims: ['Team-A', 'user:ada'] })).toEqual({
      key: 'owner',
      values: ['group:default/team-a', 'user:default/ada'],
    });
  });

  it('isArlonKind matches the listed kinds only', () => {
    expect(isArlonKind.apply(cluster('a'), { kinds: ['Cluster'] })).toBe(true);
    expect(
      isArlonKind.apply(cluster('a'), { kinds: ['Bundle', 'Profile'] }),
    ).toBe(false);
    expect(isArlonKind.toQuery({ kinds: ['Profile'] })).toEqual({
      key: 'kind',
      values: ['Profile'],
    });
  });

  it('the ruleset finds both rules by name and refuses an unknown one', () => {
    expect(arlonPermissionRuleset.getRuleByName('IS_ARLON_OWNER')).toBe(
      isArlonOwner,
    );
    expect(arlonPermissionRuleset.getRuleByName('IS_ARLON_KIND')).toBe(
      isArlonKind,
    );
    expect(() => arlonPermissionRuleset.getRuleByName('IS_OWNER')).toThrow(
      'Unknown permission rule IS_OWNER for Arlon definitions',
    );
  });

  it('the conditions are of the arlon plugin and the arlon-definition resource type', () => {
    expect(ownedByTeamA).toEqual({
      result: AuthorizeResult.CONDITIONAL,
      pluginId: 'arlon',
      resourceType: 'arlon-definition',
      conditions: {
        rule: 'IS_ARLON_OWNER',
        resourceType: 'arlon-definition',
        params: { claims: ['group:default/team-a'] },
      },
    });
  });
});
