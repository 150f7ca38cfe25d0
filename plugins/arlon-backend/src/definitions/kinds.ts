import {
  ArlonKind,
  arlonClusterCreatePermission,
  arlonClusterDeletePermission,
  arlonClusterUpdatePermission,
  arlonDefinitionCreatePermission,
  arlonDefinitionDeletePermission,
  arlonDefinitionUpdatePermission,
} from '@arlon-backstage/plugin-arlon-common';
import type {
  BasicPermission,
  ResourcePermission,
} from '@backstage/plugin-permission-common';

/** URL segments of the REST API and the kinds they serve. */
export const KIND_BY_SEGMENT: Record<string, ArlonKind> = {
  bundles: 'Bundle',
  profiles: 'Profile',
  clusterspecs: 'ClusterSpec',
  clusters: 'Cluster',
};

export type WriteOp = 'create' | 'update' | 'delete';

/** Creating has no definition to condition on yet: a basic permission, clusters apart. */
export function createPermissionFor(kind: ArlonKind): BasicPermission {
  return kind === 'Cluster'
    ? arlonClusterCreatePermission
    : arlonDefinitionCreatePermission;
}

/** Updating and deleting are checked on the definition (its owner): clusters have their own. */
export function resourcePermissionFor(
  kind: ArlonKind,
  op: Exclude<WriteOp, 'create'>,
): ResourcePermission {
  if (kind === 'Cluster')
    return op === 'delete'
      ? arlonClusterDeletePermission
      : arlonClusterUpdatePermission;
  return op === 'delete'
    ? arlonDefinitionDeletePermission
    : arlonDefinitionUpdatePermission;
}
