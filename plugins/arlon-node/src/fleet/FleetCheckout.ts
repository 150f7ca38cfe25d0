import fs from 'node:fs';
import path from 'node:path';
import git, { type HttpClient } from 'isomorphic-git';
import { originBoundHttp } from './gitRedirects';
import type { FleetFiles } from '@arlon-backstage/plugin-arlon-common';
import type { GitCredentials } from './gitCredentials';
import { TreeFiles } from './TreeFiles';
import { writeTreeChanges } from './TreeWriter';
import { applyChanges } from './fileChanges';
import type { GitObject } from './packfile';
import { pushObjects } from './pushObjects';
import { INFLATED_LIMIT, fetchCommit } from './fetchCommit';
import { packBoundFs } from './packBoundFs';
import { fetchFallbackReason } from './fetchFallbackReason';
import { GitTimeoutError } from './timedGitHttp';
import { consolidatePacks } from './consolidatePacks';

/** The fleet repository at one commit. */
export interface FleetSnapshot {
  commit: string;
  files: FleetFiles;
}

/** What to write: content for new or changed files, `null` to delete. */
export type FileChanges = Record<string, string | null>;

export interface CommitAuthor {
  name: string;
  email: string;
}

/**
 * A local clone of the fleet repository's branch, used one operation at a
 * time. Files are read from Git objects, never from the working tree, so a
 * failed attempt can leave nothing behind that a later one would pick up.
 */
export class FleetCheckout {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly snapshots = new Map<string, FleetFiles>();
  /** The newest snapshot's trees and blobs, by id. */
  private readonly trees: TreeFiles;
  /**
   * Warnings said (why fetches by id fell back, packs left unmerged), each
   * once: a process has one checkout, and a host that always refuses would
   * otherwise log at every commit.
   */
  private readonly said = new Set<string>();
  /** For isomorphic-git's clone and fetch: the packs they receive are bounded as ours are. */
  private readonly fetchFs = packBoundFs(INFLATED_LIMIT);

  constructor(
    private readonly dir: string,
    private readonly url: string,
    private readonly branch: string,
    private readonly auth: () => Promise<GitCredentials | undefined>,
    /** The HTTP client for clone, fetch and push: give it a deadline (timedGitHttp). */
    private readonly http: HttpClient = originBoundHttp(),
    /** Hears why a fetch by id fell back to the full fetch, once per reason. */
    private readonly logger?: { warn(message: string): void },
  ) {
    this.trees = new TreeFiles(dir);
  }

  /** Runs `work` after every operation before it: one writer per process at a time. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work, work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Fetches the branch and returns its head commit and files. `expected`:
   * the head as the caller was just told it (the head watch's signal), to be
   * fetched in one request instead of two; when the server will not give it
   * (the branch was forced elsewhere since) or answers anything but Git's
   * protocol, the branch is fetched as without it.
   */
  async fetchHead(expected?: string): Promise<FleetSnapshot> {
    const snapshot = await this.fetch(expected);
    await this.mergePacks();
    return snapshot;
  }

  private async fetch(expected?: string): Promise<FleetSnapshot> {
    // isomorphic-git's parsed pack indexes, loaded once for the fetch (which
    // looks up what it has) and the read of what it brought.
    const cache = {};
    if (expected && fs.existsSync(path.join(this.dir, '.git'))) {
      const known = await this.fetchKnown(expected, cache).catch(error => {
        // A server that does not answer would not answer the full fetch
        // either: waiting for it twice helps nobody.
        if (error instanceof GitTimeoutError) throw error;
        this.fallenBack(error);
        return undefined;
      });
      if (known) return known;
    }
    const onAuth = await this.onAuth();
    if (!fs.existsSync(path.join(this.dir, '.git'))) {
      await fs.promises.mkdir(this.dir, { recursive: true });
      await git.clone({
        fs: this.fetchFs,
        http: this.http,
        dir: this.dir,
        url: this.url,
        ref: this.branch,
        singleBranch: true,
        noCheckout: true,
        onAuth,
      });
    }
    const { fetchHead } = await git.fetch({
      fs: this.fetchFs,
      http: this.http,
      dir: this.dir,
      url: this.url,
      ref: this.branch,
      singleBranch: true,
      onAuth,
      cache,
    });
    if (!fetchHead)
      throw new Error(`the fleet repository has no branch "${this.branch}"`);
    // isomorphic-git tells the server which commit it has from the local
    // branch only (not the remote-tracking ref the fetch updates). Left at
    // the clone's commit, every fetch would bring back every commit pushed
    // by others since this process started (a fleet-sized tree each): move
    // it to what was just fetched, so the next fetch brings what is new.
    await git.writeRef({
      fs,
      dir: this.dir,
      ref: `refs/heads/${this.branch}`,
      value: fetchHead,
      force: true,
    });
    return {
      commit: fetchHead,
      files: await this.filesAt(fetchHead, cache),
    };
  }

  /**
   * `commit` and its files, fetched by its id when the clone lacks it. The
   * local branch (what the next fetch tells the server it has) moves only
   * once every file of the commit was read: a pack that lacks some object
   * fails here, before the clone claims a commit it cannot read. Undefined
   * for a commit the clone has behind its branch: a signal that came late
   * for an older head, which must not take readers back to it (the full
   * fetch reads the head as it is now).
   */
  private async fetchKnown(
    commit: string,
    cache: object,
  ): Promise<FleetSnapshot | undefined> {
    const ref = `refs/heads/${this.branch}`;
    const local = await git.resolveRef({ fs, dir: this.dir, ref });
    // This process's own push: the branch is already there.
    if (local === commit)
      return { commit, files: await this.filesAt(commit, cache) };
    if (await this.has(commit, cache)) return undefined;
    const credentials = await this.auth();
    await fetchCommit({
      http: this.http,
      url: this.url,
      credentials: credentials ? () => credentials : undefined,
      dir: this.dir,
      want: commit,
      haves: [local],
      cache,
    });
    const files = await this.filesAt(commit, cache);
    for (const moved of [ref, `refs/remotes/origin/${this.branch}`])
      await git.writeRef({
        fs,
        dir: this.dir,
        ref: moved,
        value: commit,
        force: true,
      });
    return { commit, files };
  }

  /**
   * Every fetch by id leaves a pack, and every read looks in each: past
   * MOST_PACKS, the small ones become one (consolidatePacks). A failure
   * costs speed, not correctness: the packs stay as they were.
   */
  private async mergePacks() {
    try {
      const { skipped } = await consolidatePacks(path.join(this.dir, '.git'));
      for (const reason of skipped)
        this.warnOnce(
          `pack ${reason}`,
          `A pack of the fleet checkout cannot be merged and is left as it is: ${reason}.`,
        );
    } catch (error) {
      this.warnOnce(
        'merge',
        `The fleet checkout's packs could not be merged, so reads slow down as fetches add packs: ${
          (error as Error).message
        }`,
      );
    }
  }

  /**
   * The full fetch costs a second request (the ref advertisement) per
   * change: say why, so a host that always refuses the fetch by id is seen.
   */
  private fallenBack(error: unknown) {
    const reason = fetchFallbackReason(error);
    this.warnOnce(
      `fallback ${reason}`,
      `The fleet repository's server did not give a commit by its id (${reason}); the branch was fetched instead, which takes two requests instead of one. Said once per reason.`,
    );
  }

  private warnOnce(key: string, message: string) {
    if (this.said.has(key)) return;
    this.said.add(key);
    this.logger?.warn(message);
  }

  /** Commits `changes` on top of `parent` and pushes; false when the branch moved meanwhile. */
  async commitAndPush(
    parent: string,
    changes: FileChanges,
    message: string,
    author: CommitAuthor,
    targetBranch = this.branch,
  ): Promise<{ pushed: boolean; commit: string }> {
    const ref = `refs/heads/${targetBranch}`;
    // One cache of parsed pack indexes for this write's reads and its push.
    const cache = {};
    // Written straight into Git's objects (writeTreeChanges): no working
    // tree, no index, so the cost is what changed, not the fleet's size.
    // Paths are checked before anything is written (absolute, '..', .git,
    // through a symbolic link or submodule a commit planted).
    const { commit: parentCommit } = await git.readCommit({
      fs,
      dir: this.dir,
      oid: parent,
      cache,
    });
    const written = new Map<string, string>();
    const created = new Map<string, GitObject>();
    const tree = await writeTreeChanges(
      this.dir,
      parentCommit.tree,
      changes,
      cache,
      written,
      created,
    );
    // No branch moves here: the local one follows only once the server took
    // the commit, so a refused push leaves the clone as it was.
    const commit = await git.commit({
      fs,
      dir: this.dir,
      message,
      author,
      parent: [parent],
      tree,
      noUpdateBranch: true,
      cache,
    });
    const { object } = await git.readObject({
      fs,
      dir: this.dir,
      oid: commit,
      format: 'content',
      cache,
    });
    created.set(commit, {
      type: 'commit',
      oid: commit,
      content: Buffer.from(object as Uint8Array),
    });
    const credentials = await this.auth();
    const outcome = await pushObjects({
      http: this.http,
      url: this.url,
      credentials: credentials ? () => credentials : undefined,
      ref,
      parent,
      commit,
      // The parent's objects are on the server (its head is the parent, or
      // the branch is new off it): only what this commit added goes.
      objects: created.values(),
    });
    if (outcome === 'overtaken') return { pushed: false, commit };
    for (const local of [ref, `refs/remotes/origin/${targetBranch}`])
      await git.writeRef({
        fs,
        dir: this.dir,
        ref: local,
        value: commit,
        force: true,
      });
    // The next fetch finds this commit: its files are the parent's with
    // the changes, and its new blobs are in memory, not read back.
    this.trees.learn(written);
    const before = this.snapshots.get(parent);
    if (before && targetBranch === this.branch)
      this.keepSnapshot(commit, applyChanges(before, changes));
    return { pushed: true, commit };
  }

  /**
   * Deletes a branch on the server (one Arlon pushed for a pull request that
   * could not be opened). Never the fleet's own branch.
   */
  async deleteRemoteBranch(branch: string): Promise<void> {
    if (branch === this.branch)
      throw new Error(`refusing to delete the fleet's branch "${branch}"`);
    await git.push({
      fs,
      http: this.http,
      dir: this.dir,
      url: this.url,
      ref: branch,
      remoteRef: branch,
      delete: true,
      onAuth: await this.onAuth(),
    });
  }

  /** A commit of the local clone: its parents, and who made it when, with what message. */
  async commitInfo(oid: string): Promise<{
    commit: string;
    parents: string[];
    summary: string;
    author: string;
    date: string;
  }> {
    const { commit } = await git.readCommit({ fs, dir: this.dir, oid });
    return {
      commit: oid,
      parents: commit.parent,
      summary: commit.message.split('\n')[0],
      author: commit.author.name,
      date: new Date(commit.author.timestamp * 1000).toISOString(),
    };
  }

  /**
   * What validation reads of an older commit: `arlon/` with contents, and
   * the names of files under `bundles/` (validation only asks whether an
   * inline bundle has manifests). `generated/` is not walked. Blobs are read
   * through `blobs`, the caller's cache, so walking history neither thrashes
   * nor grows the newest snapshot's.
   */
  async definitionsAt(
    commit: string,
    blobs: Map<string, string>,
  ): Promise<FleetFiles> {
    const files: FleetFiles = {};
    await git.walk({
      fs,
      dir: this.dir,
      trees: [git.TREE({ ref: commit })],
      map: async (filepath, [entry]) => {
        if (!entry) return null;
        if (filepath === '.') return true;
        const inArlon = filepath === 'arlon' || filepath.startsWith('arlon/');
        const inBundles =
          filepath === 'bundles' || filepath.startsWith('bundles/');
        if (!inArlon && !inBundles) return null; // do not descend
        if ((await entry.type()) !== 'blob') return true;
        if (inBundles) {
          files[filepath] = '';
          return true;
        }
        const oid = await entry.oid();
        let content = blobs.get(oid);
        if (content === undefined) {
          content = Buffer.from((await entry.content())!).toString('utf8');
          blobs.set(oid, content);
        }
        files[filepath] = content;
        return true;
      },
    });
    return files;
  }

  private async has(commit: string, cache: object): Promise<boolean> {
    return git
      .readCommit({ fs, dir: this.dir, oid: commit, cache })
      .then(() => true)
      .catch(() => false);
  }

  private async filesAt(commit: string, cache: object): Promise<FleetFiles> {
    const cached = this.snapshots.get(commit);
    if (cached) return cached;
    // Unchanged folders come from memory by their tree id, and blobs are
    // read once per content, so a new commit costs only what it changed.
    const files = await this.trees.at(commit, cache);
    this.keepSnapshot(commit, files);
    return files;
  }

  private keepSnapshot(commit: string, files: FleetFiles) {
    this.snapshots.clear(); // keep one snapshot: the newest is what every read wants
    this.snapshots.set(commit, files);
  }

  private async onAuth() {
    const credentials = await this.auth();
    return credentials ? () => credentials : undefined;
  }
}
