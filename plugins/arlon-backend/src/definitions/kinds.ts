import type { ArlonKind } from '@arlon-backstage/plugin-arlon-common';
import type { DefinitionOp } from '@arlon-backstage/plugin-arlon-node';

/** URL segments of the REST API and the kinds they serve. */
export const KIND_BY_SEGMENT: Record<string, ArlonKind> = {
  bundles: 'Bundle',
  profiles: 'Profile',
  clusterspecs: 'ClusterSpec',
  clusters: 'Cluster',
};

export type WriteOp = DefinitionOp;
