import type { ArlonKind } from './types';

/** The catalog `spec.type` of each kind's Resource entities. */
export const ENTITY_TYPES: Record<ArlonKind, string> = {
  Bundle: 'arlon-bundle',
  Profile: 'arlon-profile',
  ClusterSpec: 'arlon-clusterspec',
  Cluster: 'kubernetes-cluster',
};

/** What entity names put before a definition's name, by kind. */
export const ENTITY_NAME_PREFIX: Record<ArlonKind, string> = {
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
  const full = `${ENTITY_NAME_PREFIX[kind]}${name}`;
  if (full.length <= 63) return full;
  let hash = 0;
  for (const ch of full) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `${full.slice(0, 56)}-${hash.toString(36).slice(0, 6)}`;
}

export const entityRef = (kind: ArlonKind, name: string) =>
  `resource:default/${entityName(kind, name)}`;

/**
 * A definition's name from what a template form gives: the name itself, or
 * the entity ref an entity picker returns (`resource:default/profile-apps`).
 * Throws when a ref names an entity of another kind.
 */
export function definitionNameOf(kind: ArlonKind, value: string): string {
  if (!/[:/]/.test(value)) return value;
  const entity = value.slice(value.lastIndexOf('/') + 1).replace(/^.*:/, '');
  const prefix = ENTITY_NAME_PREFIX[kind];
  if (!entity.startsWith(prefix))
    throw new Error(
      `${value} is not ${
        kind === 'Cluster' ? 'a cluster' : `an entity of a ${kind}`
      } (its name would start with "${prefix}")`,
    );
  return entity.slice(prefix.length);
}
