import { InputError, NotFoundError } from '@backstage/errors';
import {
  Cluster,
  FleetEdit,
  FleetFiles,
  validateFleet,
} from '@arlon-backstage/plugin-arlon-common';
import { matchesSelector } from './matchesSelector';

/** Which clusters: by name, or by a label selector over their labels (`env=prod`). */
export type ClusterSelection = { clusters: string[] } | { selector: string };

/**
 * The edit that applies profiles to (or removes them from) many clusters at
 * once, with the clusters it touches. Profiles keep their order; applying a
 * profile a cluster has already, or removing one it lacks, changes nothing.
 */
export function assignProfiles(
  files: FleetFiles,
  mode: 'apply' | 'remove',
  profiles: string[],
  selection: ClusterSelection,
): { edit: FleetEdit; clusters: string[] } {
  if (!profiles.length)
    throw new InputError('Name at least one profile to apply or remove');
  const { fleet } = validateFleet(files);
  const clusters =
    'clusters' in selection
      ? selection.clusters
      : [...fleet.clusters.values()]
          .filter(c =>
            matchesSelector(selection.selector, c.object.metadata.labels ?? {}),
          )
          .map(c => c.object.metadata.name);
  if (clusters.length === 0)
    throw new NotFoundError(
      'clusters' in selection
        ? 'No clusters were named'
        : `No cluster matches selector "${selection.selector}"`,
    );
  const edit: FleetEdit = {
    op: 'update',
    kind: 'Cluster',
    names: clusters,
    update: object => {
      const c = object as Cluster;
      const current = c.spec.profiles ?? [];
      const next =
        mode === 'apply'
          ? [...current, ...profiles.filter(p => !current.includes(p))]
          : current.filter(p => !profiles.includes(p));
      return { ...c, spec: { ...c.spec, profiles: next } };
    },
  };
  return { edit, clusters };
}
