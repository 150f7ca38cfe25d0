import { ConflictError, ServiceUnavailableError } from '@backstage/errors';
import git from 'isomorphic-git';
import http from 'isomorphic-git/http/node';
import type { FleetRepositoryHealth } from '@internal/backstage-plugin-arlon-common';
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
import type { PullRequest, PullRequestOpener } from './pullRequests';

export interface FleetChange {
  /** Commit message: what changed and why. */
  message: string;
  author: CommitAuthor;
  /** The change, computed from the newest snapshot; rerun on it when another writer got there first. */
  plan(snapshot: FleetSnapshot): FileChanges | Promise<FileChanges>;
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

/**
 * The fleet repository: Git says what the fleet should be. Reads the branch's
 * head; writes one logical change as one commit, replanned and retried when a
 * concurrent writer pushed first, so no commit is lost or half-written.
 */
export class FleetRepository {
  private readonly checkout?: FleetCheckout;

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
  ) {
    if (config && workDir) {
      this.checkout = new FleetCheckout(
        workDir,
        config.url,
        config.branch,
        () => credentials(config.url),
      );
    }
  }

  async read(): Promise<FleetSnapshot> {
    const checkout = this.requireCheckout();
    return checkout.exclusive(() => checkout.fetchHead());
  }

  async change(
    change: FleetChange,
    options: { dryRun?: boolean } = {},
  ): Promise<FleetChangeResult> {
    const checkout = this.requireCheckout();
    return checkout.exclusive(async () => {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const snapshot = await checkout.fetchHead();
        const changes = await change.plan(snapshot);
        const files = describeChanges(snapshot, changes);
        if (options.dryRun || files.length === 0)
          return { parent: snapshot.commit, files, attempts: attempt };
        const effective = Object.fromEntries(
          files.map(f => [f.path, f.content ?? null]),
        );
        if (this.config!.writeMode === 'pullRequest') {
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
        const { pushed, commit } = await checkout.commitAndPush(
          snapshot.commit,
          effective,
          change.message,
          change.author,
        );
        if (pushed)
          return { commit, parent: snapshot.commit, files, attempts: attempt };
      }
      throw new ConflictError(
        `The fleet repository kept moving: ${MAX_ATTEMPTS} attempts to commit "${change.message}" were overtaken by other writers. Try again.`,
      );
    });
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
          http,
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
    const branch = `arlon/${title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40)}-${Date.now().toString(36)}`;
    const { pushed, commit } = await checkout.commitAndPush(
      parent,
      changes,
      change.message,
      change.author,
      branch,
    );
    if (!pushed)
      throw new ConflictError(
        `Could not push branch ${branch} to the fleet repository`,
      );
    const pr = await this.openPullRequest({
      repoUrl: this.config!.url,
      head: branch,
      base: this.config!.branch,
      title,
      body: rest.join('\n').trim(),
    });
    return { commit, pullRequest: { ...pr, branch } };
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
