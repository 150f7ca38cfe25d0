import { ConflictError, ServiceUnavailableError } from '@backstage/errors';
import git from 'isomorphic-git';
import {
  FleetValidationCache,
  type FleetRepositoryHealth,
  type FleetValidationContext,
  type ManagementClusterNames,
} from '@arlon-backstage/plugin-arlon-common';
import type { FleetRepoConfig } from '../config/readArlonConfig';
import {
  CommitAuthor,
  FileChanges,
  FleetCheckout,
  FleetSnapshot,
} from './FleetCheckout';
import type { GitCredentials } from './gitCredentials';
import { timedGitHttp } from './timedGitHttp';
import { DEFAULT_LIMITS } from '../config/readArlonLimits';
import type { PullRequest, PullRequestOpener } from './pullRequests';
import { LastKnownGood, LastKnownGoodState } from './LastKnownGood';
import { applyChanges, describeChanges, setOwn } from './fileChanges';
import { fleetGit } from './fleetGit';
import { probeFleetRepository } from './probeFleetRepository';
import { proposeChange } from './proposeChange';
import type { LibraryShelf } from '../library/LibraryShelf';

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

export interface FleetRepositoryOptions {
  /** Deadline of each request to the Git server (arlon.limits.gitTimeoutSeconds). */
  gitTimeoutMs?: number;
  /**
   * Called with every commit this repository pushes to the fleet branch (not
   * a pull request's branch), so the process's "fleet changed" signal hears
   * of it at once (see FleetChanges).
   */
  onCommit?: (commit: string) => void;
  /**
   * Called as a push to the fleet branch begins; the function it returns is
   * called when the push has ended (after onCommit when it landed). Until
   * then the signal does not take the branch's new head for someone else's.
   */
  onPushing?: () => () => void;
  /**
   * The library repositories (arlon.libraries) the fleet's profiles may
   * name bundles of: read with the fleet, validated and compiled with it.
   */
  libraries?: LibraryShelf;
  /**
   * The configured management clusters: last known good checks
   * `spec.managementCluster` against them, as every write does.
   */
  managementClusters?: ManagementClusterNames;
  /** Hears what an operator should see: why fetches by id fall back, once per reason. */
  logger?: { warn(message: string): void };
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
  private readonly onPushing: () => () => void;
  /** The library repositories, when any are configured. */
  readonly libraries?: LibraryShelf;
  private readonly managementClusters?: ManagementClusterNames;
  /** The newest snapshot fetched (or committed) by this process. */
  private latest?: FleetSnapshot;
  /** Writes called and not finished, waiting for the lock or holding it. */
  private writes = 0;
  /** The fetch under way for reads: concurrent reads share it. */
  private reading?: Promise<FleetSnapshot>;
  /** Broken definitions and their breaking commits, per head (lastKnownGood). */
  private history?: LastKnownGood;
  /**
   * Each file of the fleet parsed and validated once per content, shared by
   * everyone who validates this repository's snapshots (lastKnownGood, the
   * profile labels): a commit costs what it changed.
   */
  private readonly validation = new FleetValidationCache();

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
    this.onPushing = options.onPushing ?? (() => () => {});
    this.libraries = options.libraries;
    this.managementClusters = options.managementClusters;
    if (config && workDir) {
      this.checkout = new FleetCheckout(
        workDir,
        config.url,
        config.branch,
        () => credentials(config.url),
        timedGitHttp(this.gitTimeoutMs),
        options.logger,
      );
    }
  }

  /**
   * The branch's head. While a write is under way (a push to a slow server
   * can take up to the Git timeout) the newest snapshot already fetched
   * answers, so reads never queue behind writes; the first read fetches.
   * `expected`: the head a signal named (readSince), answered from memory
   * when it is the newest snapshot, else fetched by its id.
   */
  async read(expected?: string): Promise<FleetSnapshot> {
    const checkout = this.requireCheckout();
    if (this.writes > 0 && this.latest) return this.latest;
    if (expected && this.latest?.commit === expected) return this.latest;
    this.reading ??= checkout
      .exclusive(() => this.fetchHead(checkout, expected))
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
  async readAfterWrites(expected?: string): Promise<FleetSnapshot> {
    const checkout = this.requireCheckout();
    return checkout.exclusive(() => this.fetchHead(checkout, expected));
  }

  /** `expected`: the head a signal named, fetched by its id (FleetCheckout.fetchHead). */
  private async fetchHead(
    checkout: FleetCheckout,
    expected?: string,
  ): Promise<FleetSnapshot> {
    // The first read also waits for the libraries' first read: before it,
    // every library reference would be a problem (and hold its clusters).
    const [snapshot] = await Promise.all([
      this.git('fetch', () => checkout.fetchHead(expected)),
      this.libraries?.ready(),
    ]);
    this.latest = snapshot;
    return snapshot;
  }

  /** Runs a Git operation; a server that does not answer in time is a 503 that says what to check. */
  private git<T>(what: string, work: () => Promise<T>): Promise<T> {
    return fleetGit(this.config?.url ?? '', what, work);
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
          const changes = asGitStores(await change.plan(snapshot));
          const files = describeChanges(snapshot, changes);
          if (options.dryRun || files.length === 0)
            return { parent: snapshot.commit, files, attempts: attempt };
          const effective = Object.fromEntries(
            files.map(f => [f.path, f.content ?? null]),
          );
          if ((change.mode ?? this.config!.writeMode) === 'pullRequest') {
            const proposed = await proposeChange(
              checkout,
              this.config!,
              this.openPullRequest,
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
          const pushEnded = this.onPushing();
          try {
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
              this.latest = {
                commit,
                files: applyChanges(snapshot.files, effective),
              };
              this.onCommit(commit);
              return {
                commit,
                parent: snapshot.commit,
                files,
                attempts: attempt,
              };
            }
          } finally {
            pushEnded();
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

  /** Whether the repository answers and has its branch (the portal's health). */
  probe(timeoutMs = 5000): Promise<FleetRepositoryHealth> {
    return probeFleetRepository(this.config, this.credentials, timeoutMs);
  }

  /**
   * The head at last known good: its broken definitions with the commit that
   * broke each and their file/line problems, the clusters they hold, and the
   * definitions as people should see them (held ones from their last good
   * commit). Cached per head commit; history is read from the local clone.
   */
  async lastKnownGood(
    /** A head just read (readSince): saves fetching it again. */
    snapshot?: FleetSnapshot,
  ): Promise<LastKnownGoodState> {
    const checkout = this.requireCheckout();
    this.history ??= new LastKnownGood(
      {
        commitInfo: oid => checkout.exclusive(() => checkout.commitInfo(oid)),
        definitionsAt: (commit, blobs) =>
          checkout.exclusive(() => checkout.definitionsAt(commit, blobs)),
      },
      undefined,
      { managementClusters: this.managementClusters, cache: this.validation },
      this.libraries,
    );
    return this.history.at(snapshot ?? (await this.read()));
  }

  /**
   * What this repository's snapshots are validated with: the configured
   * management clusters, the libraries as last read, and the shared cache
   * (which answers from memory only under the same context).
   */
  validationContext(): FleetValidationContext {
    return {
      managementClusters: this.managementClusters,
      libraries: this.libraries?.catalog(),
      cache: this.validation,
    };
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

/**
 * `changes` with each content as Git will hold it: UTF-8 cannot hold a lone
 * surrogate, so the blob has U+FFFD there. What is compared, reported and
 * remembered of the commit (latest, the checkout's snapshot) is then what a
 * fresh clone reads, not the text asked for.
 */
function asGitStores(changes: FileChanges): FileChanges {
  if (Object.values(changes).every(c => c === null || c.isWellFormed()))
    return changes;
  const stored: FileChanges = {};
  for (const [file, content] of Object.entries(changes))
    setOwn(stored, file, content === null ? null : content.toWellFormed());
  return stored;
}
