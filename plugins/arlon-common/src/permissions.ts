import {
  createPermission,
  type Permission,
} from '@backstage/plugin-permission-common';
import { entityRef } from './model/entities';
import type { ArlonKind } from './model/types';

/**
 * The resource type of Arlon's definitions (bundles, profiles, cluster specs,
 * clusters). A resource is named by its catalog entity ref
 * (`resource:default/<entity name>`), so a policy can condition a decision on
 * the definition's owner (`arlon.io/owner`, the catalog entity's owner) the
 * way catalog policies condition on `catalog-entity`.
 */
export const ARLON_RESOURCE_TYPE = 'arlon-definition';

/** Read definitions and their live status (every list and get). */
export const arlonDefinitionReadPermission = createPermission({
  name: 'arlon.definition.read',
  attributes: { action: 'read' },
  resourceType: ARLON_RESOURCE_TYPE,
});

/** Create bundles, profiles and cluster specs (clusters have their own). */
export const arlonDefinitionCreatePermission = createPermission({
  name: 'arlon.definition.create',
  attributes: { action: 'create' },
});

/** Change a bundle, profile or cluster spec. */
export const arlonDefinitionUpdatePermission = createPermission({
  name: 'arlon.definition.update',
  attributes: { action: 'update' },
  resourceType: ARLON_RESOURCE_TYPE,
});

/** Delete a bundle, profile or cluster spec. */
export const arlonDefinitionDeletePermission = createPermission({
  name: 'arlon.definition.delete',
  attributes: { action: 'delete' },
  resourceType: ARLON_RESOURCE_TYPE,
});

/** Create (or import) clusters. */
export const arlonClusterCreatePermission = createPermission({
  name: 'arlon.cluster.create',
  attributes: { action: 'create' },
});

/**
 * Change a cluster's definition, sync, refresh or update it. Changes that
 * destroy what Cluster API built (turning a built cluster external, changing
 * its cluster spec or mode) need {@link arlonClusterDeletePermission} too.
 */
export const arlonClusterUpdatePermission = createPermission({
  name: 'arlon.cluster.update',
  attributes: { action: 'update' },
  resourceType: ARLON_RESOURCE_TYPE,
});

/** Delete clusters (their infrastructure goes with them), or rebuild them. */
export const arlonClusterDeletePermission = createPermission({
  name: 'arlon.cluster.delete',
  attributes: { action: 'delete' },
  resourceType: ARLON_RESOURCE_TYPE,
});

/** Apply profiles to a cluster, or remove them: checked on each target cluster. */
export const arlonProfileApplyPermission = createPermission({
  name: 'arlon.profile.apply',
  attributes: { action: 'update' },
  resourceType: ARLON_RESOURCE_TYPE,
});

/** Run diffs, and read saved diff reports. */
export const arlonDiffReadPermission = createPermission({
  name: 'arlon.diff.read',
  attributes: { action: 'read' },
});

/** Save, import and delete (one's own) diff reports. */
export const arlonDiffReportWritePermission = createPermission({
  name: 'arlon.diff.report.write',
  attributes: { action: 'create' },
});

/** Read the fleet's health and the management clusters' checks. */
export const arlonFleetReadPermission = createPermission({
  name: 'arlon.fleet.read',
  attributes: { action: 'read' },
});

/** Bootstrap a management cluster, regenerate the generated tree. */
export const arlonFleetAdminPermission = createPermission({
  name: 'arlon.fleet.admin',
  attributes: { action: 'update' },
});

/** Every permission a policy must answer for Arlon, resource permissions first. */
export const arlonResourcePermissions = [
  arlonDefinitionReadPermission,
  arlonDefinitionUpdatePermission,
  arlonDefinitionDeletePermission,
  arlonClusterUpdatePermission,
  arlonClusterDeletePermission,
  arlonProfileApplyPermission,
];

export const arlonPermissions: Permission[] = [
  ...arlonResourcePermissions,
  arlonDefinitionCreatePermission,
  arlonClusterCreatePermission,
  arlonDiffReadPermission,
  arlonDiffReportWritePermission,
  arlonFleetReadPermission,
  arlonFleetAdminPermission,
];

/** The owner of definitions that name none, unless `catalog.providers.arlon.defaultOwner` says otherwise. */
export const DEFAULT_ARLON_OWNER = 'group:default/platform';

/**
 * A definition as the permission system sees it: what a rule can condition
 * on. `owner` is the catalog entity's owner as a full, lower-case entity ref.
 */
export interface ArlonResource {
  kind: ArlonKind;
  name: string;
  /** The definition's catalog entity: the resource ref policies and the frontend name. */
  entityRef: string;
  owner: string;
}

/**
 * An owner as the catalog resolves it: a bare name is a group in the
 * default namespace (`platform` is `group:default/platform`). Lower case,
 * because entity refs compare case-insensitively.
 */
export function normaliseOwnerRef(ref: string): string {
  const match = /^(?:([^:/\s]+):)?(?:([^:/\s]+)\/)?([^:/\s]+)$/.exec(
    ref.trim(),
  );
  if (!match) return ref.trim().toLocaleLowerCase('en-US');
  const [, kind = 'group', namespace = 'default', name] = match;
  return `${kind}:${namespace}/${name}`.toLocaleLowerCase('en-US');
}

/** The permission resource of a definition: its owner is `arlon.io/owner`, else the default owner (as in the catalog). */
export function arlonResourceOf(
  definition: {
    kind: ArlonKind;
    metadata?: { name?: string; annotations?: Record<string, string> };
  },
  defaultOwner: string = DEFAULT_ARLON_OWNER,
): ArlonResource {
  const name = String(definition.metadata?.name ?? '');
  const annotated = definition.metadata?.annotations?.['arlon.io/owner'];
  return {
    kind: definition.kind,
    name,
    entityRef: entityRef(definition.kind, name),
    owner: normaliseOwnerRef(
      typeof annotated === 'string' && annotated.trim()
        ? annotated
        : defaultOwner,
    ),
  };
}

/** The permission resource of a definition as the fleet holds it (valid or not: its kind and name are the file's). */
export function arlonResourceOfView(
  view: { kind: ArlonKind; name: string; definition: unknown },
  defaultOwner: string = DEFAULT_ARLON_OWNER,
): ArlonResource {
  const annotations = (view.definition as any)?.metadata?.annotations;
  return arlonResourceOf(
    {
      kind: view.kind,
      metadata: {
        name: view.name,
        annotations:
          annotations && typeof annotations === 'object' ? annotations : {},
      },
    },
    defaultOwner,
  );
}
