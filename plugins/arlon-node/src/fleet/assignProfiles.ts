import { InputError, NotFoundError } from '@backstage/errors';
import {
  Cluster,
  FleetEdit,
  FleetFiles,
  type FleetValidationCache,
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
  /** The fleet's validation cache (FleetDefinitions.validationCache): the same clusters match. */
  cache?: FleetValidationCache,
): { edit: FleetEdit; clusters: string[] } {
  if (!profiles.length)
    throw new InputError('Name at least one profile to apply or remove');
  // A blank selector reads as "every cluster" (as kubectl reads it): for a
  // write that touches every cluster, refused, as it was before the one parser.
  if ('selector' in selection && selection.selector.trim() === '')
    throw new InputError(
      'The selector is blank: it would select every cluster; name the clusters or give a label selector such as env=prod',
    );
  const { fleet } = validateFleet(files, { cache });
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
        : `No cluster matches selector "${
            // A prefix: with no cluster to match, nothing has bounded its length.
            selection.selector.length > 64
              ? `${selection.selector.slice(0, 64)}…`
              : selection.selector
          }"`,
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
