import {
  ARLON_KINDS,
  ARLON_RESOURCE_TYPE,
  type ArlonKind,
  type ArlonResource,
  normaliseOwnerRef,
} from '@arlon-backstage/plugin-arlon-common';
import {
  createConditionExports,
  createPermissionResourceRef,
  createPermissionRule,
  type PermissionRule,
  type PermissionRuleset,
} from '@backstage/plugin-permission-node';
import { z } from 'zod';

/** What a rule becomes as a query: Arlon filters in memory, so this only names the field. */
export type ArlonResourceQuery = { key: 'owner' | 'kind'; values: string[] };

/** Arlon's definitions as a permission resource type of the `arlon` plugin. */
export const arlonResourceRef = createPermissionResourceRef<
  ArlonResource,
  ArlonResourceQuery
>().with({ pluginId: 'arlon', resourceType: ARLON_RESOURCE_TYPE });

/**
 * The definition is owned by one of the claims (the catalog's
 * IS_ENTITY_OWNER for definitions): pass the user's ownership entity refs.
 */
export const isArlonOwner = createPermissionRule({
  name: 'IS_ARLON_OWNER',
  description:
    'Allow definitions whose owner (arlon.io/owner, else the default owner) is one of the claims',
  resourceRef: arlonResourceRef,
  paramsSchema: z.object({
    claims: z
      .array(z.string())
      .describe('Entity refs, e.g. the user ownershipEntityRefs'),
  }),
  apply: (resource, { claims }) =>
    claims.some(claim => normaliseOwnerRef(claim) === resource.owner),
  toQuery: ({ claims }) => ({
    key: 'owner',
    values: claims.map(normaliseOwnerRef),
  }),
});

/**
 * The definition is of one of these kinds (Bundle, Profile, ClusterSpec, Cluster).
 * Its type is written out: inferred from the zod enum, the declaration file
 * would print the union in the checker's order, which differs between builds
 * and makes the API report flap.
 */
export const isArlonKind: PermissionRule<
  ArlonResource,
  ArlonResourceQuery,
  typeof ARLON_RESOURCE_TYPE,
  { kinds: ArlonKind[] }
> = createPermissionRule({
  name: 'IS_ARLON_KIND',
  description: 'Allow definitions of the given kinds',
  resourceRef: arlonResourceRef,
  paramsSchema: z.object({
    kinds: z.array(z.enum(ARLON_KINDS)).describe('Definition kinds'),
  }),
  apply: (resource, { kinds }) => kinds.includes(resource.kind),
  toQuery: ({ kinds }) => ({ key: 'kind', values: kinds }),
});

export const arlonPermissionRules = { isArlonOwner, isArlonKind };

/**
 * For policies: `createArlonConditionalDecision(permission,
 * arlonConditions.isArlonOwner({ claims: user.info.ownershipEntityRefs }))`.
 */
export const {
  conditions: arlonConditions,
  createConditionalDecision: createArlonConditionalDecision,
} = createConditionExports({
  resourceRef: arlonResourceRef,
  rules: arlonPermissionRules,
});

const rules: PermissionRule<ArlonResource, ArlonResourceQuery, string>[] =
  Object.values(arlonPermissionRules) as any;

/**
 * The rules by name, for evaluating conditional decisions where the
 * definitions are already loaded (the plugin and its scaffolder module both
 * do, on the very snapshot they commit on).
 */
export const arlonPermissionRuleset: PermissionRuleset<
  ArlonResource,
  ArlonResourceQuery,
  string
> = {
  getRuleByName(name) {
    const rule = rules.find(r => r.name === name);
    if (!rule)
      throw new Error(`Unknown permission rule ${name} for Arlon definitions`);
    return rule;
  },
};
