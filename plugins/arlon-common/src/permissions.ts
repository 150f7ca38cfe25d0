import { createPermission } from '@backstage/plugin-permission-common';

/** Create, change or delete bundles, profiles and cluster specs in the fleet repository. */
export const arlonDefinitionWritePermission = createPermission({
  name: 'arlon.definition.write',
  attributes: { action: 'update' },
});

/** Create (or import) clusters. */
export const arlonClusterCreatePermission = createPermission({
  name: 'arlon.cluster.create',
  attributes: { action: 'create' },
});

/** Change a cluster's definition, sync it or update it when it is behind. */
export const arlonClusterUpdatePermission = createPermission({
  name: 'arlon.cluster.update',
  attributes: { action: 'update' },
});

/** Delete clusters (their infrastructure goes with them). */
export const arlonClusterDeletePermission = createPermission({
  name: 'arlon.cluster.delete',
  attributes: { action: 'delete' },
});

/** Apply profiles to clusters, or remove them. */
export const arlonProfileApplyPermission = createPermission({
  name: 'arlon.profile.apply',
  attributes: { action: 'update' },
});

/** Run and read diffs between bundles, profiles and clusters. */
export const arlonDiffReadPermission = createPermission({
  name: 'arlon.diff.read',
  attributes: { action: 'read' },
});

export const arlonPermissions = [
  arlonDefinitionWritePermission,
  arlonClusterCreatePermission,
  arlonClusterUpdatePermission,
  arlonClusterDeletePermission,
  arlonProfileApplyPermission,
  arlonDiffReadPermission,
];
