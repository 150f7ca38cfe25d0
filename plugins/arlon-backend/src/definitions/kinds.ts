import {
  ArlonKind,
  arlonClusterCreatePermission,
  arlonClusterDeletePermission,
  arlonClusterUpdatePermission,
  arlonDefinitionWritePermission,
} from '@internal/backstage-plugin-arlon-common';
import type { BasicPermission } from '@backstage/plugin-permission-common';

/** URL segments of the REST API and the kinds they serve. */
export const KIND_BY_SEGMENT: Record<string, ArlonKind> = {
  bundles: 'Bundle',
  profiles: 'Profile',
  clusterspecs: 'ClusterSpec',
  clusters: 'Cluster',
};

export type WriteOp = 'create' | 'update' | 'delete';

/** The permission a write of this kind needs: clusters have their own, definitions share one. */
export function permissionFor(kind: ArlonKind, op: WriteOp): BasicPermission {
  if (kind !== 'Cluster') return arlonDefinitionWritePermission;
  if (op === 'create') return arlonClusterCreatePermission;
  if (op === 'delete') return arlonClusterDeletePermission;
  return arlonClusterUpdatePermission;
}
