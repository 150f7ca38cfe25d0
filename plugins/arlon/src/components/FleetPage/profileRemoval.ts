import type { ProfileAssignmentResult } from '../../api/ArlonClient';
import type { AssignmentOutcome } from '../ProfileCard/assignmentOutcome';

/** One cluster of a removal preview: the profiles it loses and the Applications ArgoCD prunes with them. */
export interface ClusterRemovalImpact {
  cluster: string;
  profiles: string[];
  /** `<cluster>-<bundle>`, as each profile's ApplicationSet names them. */
  applications: string[];
  /** Removed profiles whose bundles the portal could not read (a definition that does not parse). */
  unknownBundles: string[];
}

/**
 * Pure: what a dry run of `POST /profiles/remove` means on each cluster it
 * would change. The Applications are named as the profile ApplicationSet's
 * template names them (`{{ .name }}-{{ .bundle }}`); they carry ArgoCD's
 * resources finalizer, so pruning one deletes what it deployed.
 */
export function removalImpact(
  changed: string[],
  removed: string[],
  profilesOf: (cluster: string) => string[],
  bundlesOf: (profile: string) => string[] | undefined,
): ClusterRemovalImpact[] {
  return changed.map(cluster => {
    const has = new Set(profilesOf(cluster));
    const profiles = removed.filter(p => has.has(p));
    const bundles = new Set<string>();
    const unknownBundles: string[] = [];
    for (const p of profiles) {
      const list = bundlesOf(p);
      if (list) list.forEach(b => bundles.add(b));
      else unknownBundles.push(p);
    }
    return {
      cluster,
      profiles,
      applications: [...bundles].sort().map(b => `${cluster}-${b}`),
      unknownBundles,
    };
  });
}

/** Pure: the sentence after a removal: a commit, a pull request to review, or nothing to do. */
export function removalOutcome(
  profiles: string[],
  targets: string[],
  result: ProfileAssignmentResult,
): AssignmentOutcome {
  const what = profiles.join(', ');
  const where = result.clusters.join(', ');
  if (result.pullRequest)
    return {
      text: `Proposed removing ${what} from ${where} in a pull request; it applies once merged.`,
      link: result.pullRequest.url,
    };
  if (result.commit)
    return {
      text: `Removed ${what} from ${where} in commit ${result.commit.slice(
        0,
        12,
      )}.`,
    };
  return {
    text: `Nothing to change: ${targets.join(', ')} did not run ${what}.`,
  };
}
