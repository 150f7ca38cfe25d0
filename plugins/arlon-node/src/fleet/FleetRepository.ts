import { randomBytes } from 'node:crypto';
import { ConflictError, ServiceUnavailableError } from '@backstage/errors';
import git from 'isomorphic-git';
import type { FleetRepositoryHealth } from '@arlon-backstage/plugin-arlon-common';
import type { FleetRepoConfig } from '../config/readArlonConfig';
import {
  describeConnectionError,
  withTimeout,
} from '../connection/describeConnectionError';
import {
  CommitAuthor,
  FileChanges,
  FleetCheckout,
  FleetSnapshot,
} from './FleetCheckout';
import type { GitCredentials } from './gitCredentials';
import { GitTimeoutError, timedGitHttp } from './timedGitHttp';
import { DEFAULT_LIMITS } from '../config/readArlonLimits';
import type { PullRequest, PullRequestOpener } from './pullRequests';
import { LastKnownGood, LastKnownGoodState } from './LastKnownGood';

export interface FleetChange {
  /** Commit message: what changed and why. */
  message: string;
  author: CommitAuthor;
  /** The change, computed from the newest snapshot; rerun on it when another writer got there first. */
  plan(snapshot: FleetSnapshot): FileChanges | Promise<FileChanges>;
  /** Commit or propose this change whatever `writeMode` says (the regenerator's own setting). */
  mode?: 'commit' | 'pullRequest';
  /** The branch a pull request is proposed from, instead of one named after the message. */
  branch?: string;
}

export interface FleetChangeResult {
  /** The commit that holds the change; absent for a dry run or when nothing changed. */
  commit?: string;
  /** With `writeMode: pullRequest`: the branch and the request that carries the commit. */
  pullRequest?: PullRequest & { branch: string };
  /** The commit the change was planned on. */
  parent: string;
  files: Array<{
    path: string;
    action: 'create' | 'update' | 'delete';
    content?: string;
  }>;
  attempts: number;
}

const MAX_ATTEMPTS = 5;
/** Network failures that mean the Git server is not there, rather than a mistake in the request. */
const UNREACHABLE =
  /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH)$/;

export interface FleetRepositoryOptions {
  /** Deadline of each request to the Git server (arlon.limits.gitTimeoutSeconds). */
  gitTimeoutMs?: number;
  /**
   * Called with every commit this repository pushes to the fleet branch (not
   * a pull request's branch), so the process's "fleet changed" signal hears
   * of it at once (see FleetChanges).
   */
  onCommit?: (commit: string) => void;
}

/**
 * The fleet repository: Git says what the fleet should be. Reads the branch's
 * head; writes one logical change as one commit, replanned and retried when a
 * concurrent writer pushed first, so no commit is lost or half-written.
 * Every request to the Git server has a deadline, and reads do not wait
 * behind writes: while one is under way they get the newest snapshot known.
 */
export class FleetRepository {
  private readonly checkout?: FleetCheckout;
  private readonly gitTimeoutMs: number;
  private readonly onCommit: (commit: string) => void;
  /** The newest snapshot fetched (or committed) by this process. */
  private latest?: FleetSnapshot;
  /** Writes called and not finished, waiting for the lock or holding it. */
  private writes = 0;
  /** The fetch under way for reads: concurrent reads share it. */
  private reading?: Promise<FleetSnapshot>;
  /** Broken definitions and their breaking commits, per head (lastKnownGood). */
  private history?: LastKnownGood;

  constructor(
    /** Undefined when `arlon.fleetRepo` is not configured. */
    readonly config: FleetRepoConfig | undefined,
    private readonly credentials: (
      url: string,
    ) => Promise<GitCredentials | undefined>,
    /** Where the local clone lives. */
    workDir?: string,
    /** Opens pull requests, for `writeMode: pullRequest`. */
    private readonly openPullRequest?: PullRequestOpener,
    options: FleetRepositoryOptions = {},
  ) {
    this.gitTimeoutMs = options.gitTimeoutMs ?? DEFAULT_LIMITS.gitTimeoutMs;
    this.onCommit = options.onCommit ?? (() => {});
    if (config && workDir) {
      this.checkout = new FleetCheckout(
        workDir,
        config.url,
        config.branch,
        () => credentials(config.url),
        timedGitHttp(this.gitTimeoutMs),
      );
    }
  }

  /**
   * The branch's head. While a write is under way (a push to a slow server
   * can take up to the Git timeout) the newest snapshot already fetched
   * answers, so reads never queue behind writes; the first read fetches.
   */
  async read(): Promise<FleetSnapshot> {
    const checkout = this.requireCheckout();
    if (this.writes > 0 && this.latest) return this.latest;
    this.reading ??= checkout
      .exclusive(() => this.fetchHead(checkout))
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }

  /**
   * The branch's head fetched from the server after every write under way,
   * never the snapshot a write started from. `read` answers that snapshot
   * during a write, but the write's own commit may already be on the server
   * (its push answered there, not yet here), where another look at the head
   * (the poll) sees it first: a reader that was told of a commit asks here.
   */
  async readAfterWrites(): Promise<FleetSnapshot> {
    const checkout = this.requireCheckout();
    return checkout.exclusive(() => this.fetchHead(checkout));
  }

  private async fetchHead(checkout: FleetCheckout): Promise<FleetSnapshot> {
    const snapshot = await this.git('fetch', () => checkout.fetchHead());
    this.latest = snapshot;
    return snapshot;
  }

  /** Runs a Git operation; a server that does not answer in time is a 503 that says what to check. */
  private async git<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const url = this.config?.url ?? '';
      if (error instanceof GitTimeoutError)
        throw new ServiceUnavailableError(
          `The fleet repository at ${url} did not answer within ${
            error.timeoutMs / 1000
          } s (git ${what}); ${
            what === 'push'
              ? 'the commit may or may not have reached it: reload before trying again'
              : 'nothing was changed'
          }. Check that the Git server is up and reachable from the Backstage backend; arlon.limits.gitTimeoutSeconds sets the limit.`,
        );
      if (UNREACHABLE.test((error as any)?.code ?? '')) {
        const { message, hint } = describeConnectionError(error, {
          target: 'the fleet repository',
          url,
          configKey: 'arlon.fleetRepo.url',
          credentialsHint: '',
        });
        throw new ServiceUnavailableError(`${message} (git ${what}). ${hint}`);
      }
      throw error;
    }
  }

  async change(
    change: FleetChange,
    options: { dryRun?: boolean } = {},
  ): Promise<FleetChangeResult> {
    const checkout = this.requireCheckout();
    this.writes++;
    try {
      return await checkout.exclusive(async () => {
        for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
          const snapshot = await this.fetchHead(checkout);
          const changes = await change.plan(snapshot);
          const files = describeChanges(snapshot, changes);
          if (options.dryRun || files.length === 0)
            return { parent: snapshot.commit, files, attempts: attempt };
          const effective = Object.fromEntries(
            files.map(f => [f.path, f.content ?? null]),
          );
          if ((change.mode ?? this.config!.writeMode) === 'pullRequest') {
            const proposed = await this.proposeChange(
              checkout,
              snapshot.commit,
              effective,
              change,
            );
            return {
              ...proposed,
              parent: snapshot.commit,
              files,
              attempts: attempt,
            };
          }
          const { pushed, commit } = await this.git('push', () =>
            checkout.commitAndPush(
              snapshot.commit,
              effective,
              change.message,
              change.author,
            ),
          );
          if (pushed) {
            // What the branch now holds, without another fetch: reads during
            // the next write see this commit.
            this.latest = { commit, files: applyChanges(snapshot, effective) };
            this.onCommit(commit);
            return {
              commit,
              parent: snapshot.commit,
              files,
              attempts: attempt,
            };
          }
        }
        throw new ConflictError(
          `The fleet repository kept moving: ${MAX_ATTEMPTS} attempts to commit "${change.message}" were overtaken by other writers. Try again.`,
        );
      });
    } finally {
      this.writes--;
    }
  }

  async probe(timeoutMs = 5000): Promise<FleetRepositoryHealth> {
    if (!this.config) return { status: 'notConfigured' };
    const { url, branch } = this.config;
    const started = Date.now();
    const base = { url, branch };
    try {
      const auth = await this.credentials(url);
      const refs = await withTimeout(
        git.listServerRefs({
          http: timedGitHttp(timeoutMs + 1000),
          url,
          prefix: `refs/heads/${branch}`,
          onAuth: auth ? () => auth : undefined,
        }),
        timeoutMs,
      );
      const head = refs.find(r => r.ref === `refs/heads/${branch}`);
      const latencyMs = Date.now() - started;
      if (!head) {
        return {
          ...base,
          status: 'unreachable',
          problem: {
            message: `the fleet repository at ${url} has no branch "${branch}"`,
            hint: 'Push the branch, or set arlon.fleetRepo.branch to an existing one.',
          },
          latencyMs,
        };
      }
      return { ...base, status: 'reachable', headCommit: head.oid, latencyMs };
    } catch (error) {
      return {
        ...base,
        status: 'unreachable',
        problem: describeConnectionError(error, {
          target: 'the fleet repository',
          url,
          configKey: 'arlon.fleetRepo.url',
          credentialsHint: `Add credentials for ${
            new URL(url).host
          } under integrations (a token with read access).`,
        }),
        latencyMs: Date.now() - started,
      };
    }
  }

  /** Pushes the change to a new branch and opens a pull request for it; the base branch is untouched. */
  private async proposeChange(
    checkout: FleetCheckout,
    parent: string,
    changes: FileChanges,
    change: FleetChange,
  ) {
    if (!this.openPullRequest)
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
    const { pushed, commit } = await this.git('push', () =>
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
      pr = await this.openPullRequest({
        repoUrl: this.config!.url,
        head: branch,
        base: this.config!.branch,
        title,
        body: rest.join('\n').trim(),
      });
    } catch (error) {
      // No pull request, no branch: a failed write leaves nothing behind.
      const cleanupFailure = await this.git('push', () =>
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

  /**
   * The head at last known good: its broken definitions with the commit that
   * broke each and their file/line problems, the clusters they hold, and the
   * definitions as people should see them (held ones from their last good
   * commit). Cached per head commit; history is read from the local clone.
   */
  async lastKnownGood(): Promise<LastKnownGoodState> {
    const checkout = this.requireCheckout();
    this.history ??= new LastKnownGood({
      commitInfo: oid => checkout.exclusive(() => checkout.commitInfo(oid)),
      definitionsAt: (commit, blobs) =>
        checkout.exclusive(() => checkout.definitionsAt(commit, blobs)),
    });
    return this.history.at(await this.read());
  }

  /**
   * The head commit of another branch of the fleet repository (one ref
   * advertisement, nothing fetched); undefined when there is no such branch.
   */
  async branchHead(branch: string): Promise<string | undefined> {
    this.requireCheckout();
    const { url } = this.config!;
    const ref = `refs/heads/${branch}`;
    return this.git('ls-remote', async () => {
      const auth = await this.credentials(url);
      const refs = await git.listServerRefs({
        http: timedGitHttp(this.gitTimeoutMs),
        url,
        prefix: ref,
        onAuth: auth ? () => auth : undefined,
      });
      return refs.find(r => r.ref === ref)?.oid;
    });
  }

  /** Who made a commit of the fleet branch (fetched already), its parents and message summary. */
  async commitInfo(oid: string) {
    const checkout = this.requireCheckout();
    return checkout.exclusive(() => checkout.commitInfo(oid));
  }

  private requireCheckout(): FleetCheckout {
    if (!this.checkout) {
      throw new ServiceUnavailableError(
        'No fleet repository is configured: set arlon.fleetRepo.url in app-config.yaml.',
      );
    }
    return this.checkout;
  }
}

/** The files of `snapshot` with `changes` made. */
function applyChanges(snapshot: FleetSnapshot, changes: FileChanges) {
  const files = { ...snapshot.files };
  for (const [path, content] of Object.entries(changes)) {
    if (content === null) delete files[path];
    else files[path] = content;
  }
  return files;
}

/** Only what really changes: unchanged content and deletes of absent files drop out. */
function describeChanges(
  snapshot: FleetSnapshot,
  changes: FileChanges,
): FleetChangeResult['files'] {
  return Object.keys(changes)
    .sort()
    .flatMap((path): FleetChangeResult['files'] => {
      const next = changes[path];
      const current = snapshot.files[path];
      if (next === null)
        return current === undefined
          ? []
          : [{ path, action: 'delete' as const }];
      if (current === next) return [];
      return [
        {
          path,
          action:
            current === undefined ? ('create' as const) : ('update' as const),
          content: next,
        },
      ];
    });
}
