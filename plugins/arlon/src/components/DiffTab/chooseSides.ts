import type {
  ArlonKind,
  PortalDiffTarget,
} from '@arlon-backstage/plugin-arlon-common';

/** What the Diff tab compares the current entity with. */
export type DiffChoice =
  | { kind: 'bundle' | 'profile' | 'cluster'; name: string }
  | { kind: 'allClusters' };

const TARGET_KIND: Partial<
  Record<ArlonKind, 'bundle' | 'profile' | 'cluster'>
> = {
  Bundle: 'bundle',
  Profile: 'profile',
  Cluster: 'cluster',
};

/** Whether the Diff tab can compare this kind of entity (cluster specs have no objects of their own). */
export const comparable = (kind: ArlonKind) => kind in TARGET_KIND;

/**
 * Orders a comparison as the API reads it, left (what is) to right (what
 * would be): a bundle or profile against a cluster is its pre-flight on that
 * cluster; otherwise the entity is the left side.
 */
export function chooseSides(
  entity: { kind: ArlonKind; name: string },
  choice: DiffChoice,
): { left: PortalDiffTarget; right: PortalDiffTarget } {
  const self = { kind: TARGET_KIND[entity.kind]!, name: entity.name };
  const live = choice.kind === 'cluster' || choice.kind === 'allClusters';
  if (self.kind !== 'cluster' && live) return { left: choice, right: self };
  return { left: self, right: choice };
}
