import type {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import {
  AuthorizeResult,
  type PolicyDecision,
  type ResourcePermission,
} from '@backstage/plugin-permission-common';
import { createConditionAuthorizer } from '@backstage/plugin-permission-node';
import type { ArlonResource } from '@arlon-backstage/plugin-arlon-common';
import { arlonPermissionRuleset } from './arlonPermissionRules';

const applyConditions = createConditionAuthorizer(arlonPermissionRuleset);

/**
 * The policy's answer to one resource permission, evaluated against
 * definitions where they are loaded. Asking once and evaluating on the
 * snapshot a write plans on means the owner checked is the owner of what is
 * committed, with no window between the two.
 */
export class DefinitionDecision {
  constructor(
    readonly permission: ResourcePermission,
    private readonly decision: PolicyDecision,
  ) {}

  /** The policy denies it outright, whatever the definition. */
  get denied(): boolean {
    return this.decision.result === AuthorizeResult.DENY;
  }

  /** Throws a 403 when the policy denies the permission for every definition (lists, before reading). */
  requireSome(what: string): void {
    if (this.denied)
      throw new NotAllowedError(
        `You may not ${what} (permission ${this.permission.name})`,
      );
  }

  allows(resource: ArlonResource): boolean {
    return applyConditions(this.decision, resource);
  }

  /** Throws a 403 naming every definition the caller may not `what`. */
  require(resources: ArlonResource[], what: string): void {
    const denied = resources.filter(r => !this.allows(r));
    if (!denied.length) return;
    const names = denied.map(r => `${r.kind} "${r.name}" (owner ${r.owner})`);
    throw new NotAllowedError(
      `You may not ${what}: ${names.join(', ')} (permission ${
        this.permission.name
      }); ask an owner or an Arlon admin`,
    );
  }
}

/**
 * Asks the policy about a resource permission without naming a resource: the
 * answer (allow, deny, or conditions) is evaluated on each definition later.
 */
export async function decideOnDefinitions(
  permissions: PermissionsService,
  permission: ResourcePermission,
  credentials: BackstageCredentials,
): Promise<DefinitionDecision> {
  const [decision] = await permissions.authorizeConditional([{ permission }], {
    credentials,
  });
  return new DefinitionDecision(permission, decision);
}

/** Throws a 403 unless the caller holds the permission on every one of the definitions. */
export async function authorizeDefinitions(
  permissions: PermissionsService,
  permission: ResourcePermission,
  credentials: BackstageCredentials,
  resources: ArlonResource[],
  what: string,
): Promise<void> {
  const decision = await decideOnDefinitions(
    permissions,
    permission,
    credentials,
  );
  decision.requireSome(what);
  decision.require(resources, what);
}
