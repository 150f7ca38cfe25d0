import type { ArlonKind } from './types';

/** The catalog `spec.type` of each kind's Resource entities. */
export const ENTITY_TYPES: Record<ArlonKind, string> = {
  Bundle: 'arlon-bundle',
  Profile: 'arlon-profile',
  ClusterSpec: 'arlon-clusterspec',
  Cluster: 'kubernetes-cluster',
};

const PREFIX: Record<ArlonKind, string> = {
  Bundle: 'bundle-',
  Profile: 'profile-',
  ClusterSpec: 'clusterspec-',
  Cluster: '',
};

/**
 * The entity name of a definition: clusters keep theirs (the Kubernetes plugin
 * looks clusters up by name); the others get their kind as a prefix, so a
 * bundle and a profile may share a name.
 */
export function entityName(kind: ArlonKind, name: string): string {
  const full = `${PREFIX[kind]}${name}`;
  if (full.length <= 63) return full;
  let hash = 0;
  for (const ch of full) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `${full.slice(0, 56)}-${hash.toString(36).slice(0, 6)}`;
}

export const entityRef = (kind: ArlonKind, name: string) =>
  `resource:default/${entityName(kind, name)}`;
