import {
  coreServices,
  createBackendModule,
  type UserInfoService,
} from '@backstage/backend-plugin-api';
import {
  AuthorizeResult,
  isResourcePermission,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import type {
  PermissionPolicy,
  PolicyQuery,
  PolicyQueryUser,
} from '@backstage/plugin-permission-node';
import { policyExtensionPoint } from '@backstage/plugin-permission-node/alpha';
import {
  ARLON_RESOURCE_TYPE,
  arlonClusterUpdatePermission,
  arlonDefinitionReadPermission,
  arlonDiffReadPermission,
  arlonFleetReadPermission,
  arlonProfileApplyPermission,
  normaliseOwnerRef,
} from '@arlon-backstage/plugin-arlon-common';
import {
  arlonConditions,
  createArlonConditionalDecision,
} from '@arlon-backstage/plugin-arlon-node';

/** Every signed-in user may read the fleet. */
const READ = new Set([
  arlonDefinitionReadPermission.name,
  arlonFleetReadPermission.name,
  arlonDiffReadPermission.name,
]);

/** Owners may do these on the clusters they own (the definition's owner). */
const OWNER = new Set([
  arlonClusterUpdatePermission.name,
  arlonProfileApplyPermission.name,
]);

/**
 * The portal's policy for Arlon (see docs/permissions.md):
 * - admins (`arlon.permissions.admins`: users or groups) may do everything;
 * - an owner (through the user's ownership entity refs: the user and their
 *   groups) may update, sync and apply profiles on the clusters they own;
 * - every signed-in user reads;
 * - anything else in Arlon is denied (creating, deleting, rebuilding
 *   clusters, writing bundles, profiles and specs, saving diff reports).
 * Permissions of other plugins are allowed, as in a stock Backstage app.
 */
export class ArlonPermissionPolicy implements PermissionPolicy {
  private readonly admins: Set<string>;

  constructor(
    private readonly options: { admins: string[]; userInfo: UserInfoService },
  ) {
    this.admins = new Set(options.admins.map(normaliseOwnerRef));
  }

  async handle(
    request: PolicyQuery,
    user?: PolicyQueryUser,
  ): Promise<PolicyDecision> {
    const { permission } = request;
    if (!permission.name.startsWith('arlon.'))
      return { result: AuthorizeResult.ALLOW };
    if (!user) return { result: AuthorizeResult.DENY };
    const { ownershipEntityRefs } = await this.options.userInfo.getUserInfo(
      user.credentials,
    );
    const claims = ownershipEntityRefs.map(normaliseOwnerRef);
    if (claims.some(c => this.admins.has(c)))
      return { result: AuthorizeResult.ALLOW };
    if (READ.has(permission.name)) return { result: AuthorizeResult.ALLOW };
    if (
      OWNER.has(permission.name) &&
      isResourcePermission(permission, ARLON_RESOURCE_TYPE)
    )
      return createArlonConditionalDecision(
        permission,
        arlonConditions.isArlonOwner({ claims }),
      );
    return { result: AuthorizeResult.DENY };
  }
}

/** Registers {@link ArlonPermissionPolicy} as the permission backend's policy. */
export default createBackendModule({
  pluginId: 'permission',
  moduleId: 'arlon-policy',
  register(reg) {
    reg.registerInit({
      deps: {
        policy: policyExtensionPoint,
        config: coreServices.rootConfig,
        userInfo: coreServices.userInfo,
      },
      async init({ policy, config, userInfo }) {
        policy.setPolicy(
          new ArlonPermissionPolicy({
            admins:
              config.getOptionalStringArray('arlon.permissions.admins') ?? [],
            userInfo,
          }),
        );
      },
    });
  },
});
