import {
  arlonResourceOfView,
  DEFAULT_ARLON_OWNER,
  definitionViews,
} from '@arlon-backstage/plugin-arlon-common';
import { assignProfiles, ClusterSelection } from '../fleet/assignProfiles';
import type { FleetDefinitions, WriteRequest } from '../fleet/FleetDefinitions';
import type { FleetChangeResult } from '../fleet/FleetRepository';
import type { DefinitionDecision } from '../permissions/authorizeDefinitions';

/**
 * Profiles applied to (or removed from) clusters: which, by whom.
 *
 * @public
 */
export interface ProfileAssignmentInput {
  /** The profiles, by name, in the order a cluster gets them. */
  profiles: string[];
  /** The clusters by name, or by a label selector over their labels. */
  selection: ClusterSelection;
  /**
   * The caller's permission decision on arlon.profile.apply, asked where the
   * credentials are (a REST request, a template's initiator): checked here
   * on every cluster the change touches (its owner), on the head the commit
   * lands on.
   */
  decision: DefinitionDecision;
  /**
   * Signs the commit: the caller adds who asked and through what to the
   * message this operation writes, and may ask for a dry run.
   */
  sign(message: string): Omit<WriteRequest, 'check'>;
}

/**
 * What an assignment did: the commit (or dry run) and the clusters it
 * changed, as matched on the head it was committed on.
 *
 * @public
 */
export interface ProfileAssignmentOutcome extends FleetChangeResult {
  /** The clusters the change touched, by name. */
  clusters: string[];
}

/**
 * Applying profiles to, or removing them from, many clusters in one commit:
 * the one operation POST /profiles/apply|remove and the arlon:profile:apply|
 * remove actions both call.
 *
 * @public
 */
export class ProfileAssignments {
  constructor(
    private readonly definitions: FleetDefinitions,
    /** Owner of definitions that name none: what owner checks see. */
    private readonly defaultOwner: string = DEFAULT_ARLON_OWNER,
  ) {}

  /** Adds the profiles to each cluster that lacks them, after those it has. */
  apply(request: ProfileAssignmentInput): Promise<ProfileAssignmentOutcome> {
    return this.assign('apply', request);
  }

  /** Takes the profiles off each cluster that has them. */
  remove(request: ProfileAssignmentInput): Promise<ProfileAssignmentOutcome> {
    return this.assign('remove', request);
  }

  private async assign(
    mode: 'apply' | 'remove',
    request: ProfileAssignmentInput,
  ): Promise<ProfileAssignmentOutcome> {
    const { profiles, selection, decision } = request;
    const what = `${mode} profiles on these clusters`;
    // Matching, owner checks and the plan validate the head once between them.
    const cache = this.definitions.validationCache;
    const { value, ...result } = await this.definitions.change(
      request.sign(assignmentMessage(mode, profiles)),
      files => {
        const { edit, clusters } = assignProfiles(
          files,
          mode,
          profiles,
          selection,
          cache,
        );
        // The same files under the same context: validated once, above.
        const touched = new Set(clusters);
        decision.require(
          definitionViews(files, { cache })
            .filter(v => v.kind === 'Cluster' && touched.has(v.name))
            .map(v => arlonResourceOfView(v, this.defaultOwner)),
          what,
        );
        return { edits: [edit], value: clusters };
      },
    );
    return { ...result, clusters: value };
  }
}

/** "Apply profiles a, b to clusters": the commit message before the caller signs it. */
export function assignmentMessage(
  mode: 'apply' | 'remove',
  profiles: string[],
): string {
  return `${mode === 'apply' ? 'Apply' : 'Remove'} profile${
    profiles.length > 1 ? 's' : ''
  } ${profiles.join(', ')} ${mode === 'apply' ? 'to' : 'from'} clusters`;
}
