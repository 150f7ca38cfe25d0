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
import type { DefinitionOp } from './DefinitionWrites.plan';

/**
 * The permission of creating a definition of a kind, whoever asks (a REST
 * request or a template's create or clone): creating has no definition to
 * condition on yet, so a basic permission; clusters have their own.
 *
 * @public
 */
export function createPermissionFor(kind: ArlonKind): BasicPermission {
  return kind === 'Cluster'
    ? arlonClusterCreatePermission
    : arlonDefinitionCreatePermission;
}

/**
 * Updating and deleting are checked on the definition (its owner): clusters have their own.
 *
 * @public
 */
export function resourcePermissionFor(
  kind: ArlonKind,
  op: Exclude<DefinitionOp, 'create'>,
): ResourcePermission {
  if (kind === 'Cluster')
    return op === 'delete'
      ? arlonClusterDeletePermission
      : arlonClusterUpdatePermission;
  return op === 'delete'
    ? arlonDefinitionDeletePermission
    : arlonDefinitionUpdatePermission;
}
