import type { Entity } from '@backstage/catalog-model';
import { isArlon } from './arlonEntity';

// Conditions for a legacy app's EntitySwitch.Case and EntityLayout.Route `if`:
// an entity the catalog module made from the fleet repository carries the
// `arlon.io/kind` annotation naming its definition's kind.

/** Any entity made from an Arlon definition (bundle, profile, cluster spec or cluster). */
export const isArlonEntity: (entity: Entity) => boolean = isArlon();
/** A cluster made from the fleet repository (built or imported). */
export const isArlonCluster: (entity: Entity) => boolean = isArlon('Cluster');
/** A profile. */
export const isArlonProfile: (entity: Entity) => boolean = isArlon('Profile');
/** A bundle. */
export const isArlonBundle: (entity: Entity) => boolean = isArlon('Bundle');
/** A cluster spec. */
export const isArlonClusterSpec: (entity: Entity) => boolean =
  isArlon('ClusterSpec');
/** Entities with a Diff tab: bundles, profiles and clusters (a cluster spec has no live objects to compare). */
export const isArlonDiffAvailable = (entity: Entity): boolean =>
  isArlonBundle(entity) || isArlonProfile(entity) || isArlonCluster(entity);
