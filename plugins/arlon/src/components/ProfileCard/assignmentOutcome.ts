import type { ProfileAssignmentResult } from '../../api/ArlonClient';

/** What became of applying profiles, for the page that asked. */
export interface AssignmentOutcome {
  text: string;
  /** The pull request to review, when the fleet repository takes changes that way. */
  link?: string;
}

/** Pure: the sentence after an apply: a commit, a pull request to review, or nothing to do. */
export function assignmentOutcome(
  profiles: string[],
  result: ProfileAssignmentResult,
): AssignmentOutcome {
  const what = profiles.join(', ');
  const where = result.clusters.join(', ');
  if (result.pullRequest)
    return {
      text: `Proposed ${what} for ${where} in a pull request; it applies once merged.`,
      link: result.pullRequest.url,
    };
  if (result.commit)
    return {
      text: `Applied ${what} to ${where} in commit ${result.commit.slice(
        0,
        12,
      )}.`,
    };
  return { text: `Nothing to change: ${where} already run ${what}.` };
}
