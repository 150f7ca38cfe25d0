import { randomBytes } from 'node:crypto';
import { ConflictError, ServiceUnavailableError } from '@backstage/errors';
import type { FleetRepoConfig } from '../config/readArlonConfig';
import type { FileChanges, FleetCheckout } from './FleetCheckout';
import { fleetGit } from './fleetGit';
import type { FleetChange } from './FleetRepository';
import type { PullRequest, PullRequestOpener } from './pullRequests';

/**
 * `writeMode: pullRequest`: pushes the change to a new branch and opens a
 * pull request for it; the base branch is untouched. A pull request that
 * cannot be opened takes its branch with it.
 */
export async function proposeChange(
  checkout: FleetCheckout,
  config: FleetRepoConfig,
  openPullRequest: PullRequestOpener | undefined,
  parent: string,
  changes: FileChanges,
  change: FleetChange,
): Promise<{ commit: string; pullRequest: PullRequest & { branch: string } }> {
  if (!openPullRequest)
    throw new ServiceUnavailableError(
      'writeMode is pullRequest, but no pull request opener is configured',
    );
  const [title, ...rest] = change.message.split('\n');
  // Time and randomness: two writes in the same millisecond (two replicas,
  // or two portals on one repository) never share a branch.
  const branch =
    change.branch ??
    `arlon/${title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40)}-${Date.now().toString(36)}-${randomBytes(4).toString(
      'hex',
    )}`;
  const { pushed, commit } = await fleetGit(config.url, 'push', () =>
    checkout.commitAndPush(
      parent,
      changes,
      change.message,
      change.author,
      branch,
    ),
  );
  if (!pushed)
    throw new ConflictError(
      `Could not push branch ${branch} to the fleet repository`,
    );
  let pr: PullRequest;
  try {
    pr = await openPullRequest({
      repoUrl: config.url,
      head: branch,
      base: config.branch,
      title,
      body: rest.join('\n').trim(),
    });
  } catch (error) {
    // No pull request, no branch: a failed write leaves nothing behind.
    const cleanupFailure = await fleetGit(config.url, 'push', () =>
      checkout.deleteRemoteBranch(branch),
    ).then(
      () => undefined,
      (cleanup: Error) => cleanup.message,
    );
    if (cleanupFailure && error instanceof Error)
      error.message = `${error.message} (branch ${branch} could not be deleted either: ${cleanupFailure}; delete it by hand)`;
    throw error;
  }
  return { commit, pullRequest: { ...pr, branch } };
}
