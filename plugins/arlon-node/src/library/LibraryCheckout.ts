import fs from 'node:fs';
import path from 'node:path';
import git, { type HttpClient } from 'isomorphic-git';
import { originBoundHttp } from '../fleet/gitRedirects';
import { INFLATED_LIMIT } from '../fleet/fetchCommit';
import { packBoundFs } from '../fleet/packBoundFs';
import type { FleetFiles } from '@arlon-backstage/plugin-arlon-common';
import type { GitCredentials } from '../fleet/gitCredentials';
import { COMMIT_ID, LibraryConfig } from './readLibrariesConfig';

/** Bounds on what one library may make the backend hold: it is read on every poll. */
export const LIBRARY_LIMITS = {
  /** Files under `arlon/bundles/` and `bundles/` together. */
  maxFiles: 20_000,
  /** Each definition file under `arlon/bundles/` (definition bodies are 256 KB elsewhere). */
  maxDefinitionBytes: 256 * 1024,
};

/** The configured branch, tag or commit is not in the library. */
export class LibraryRefMissing extends Error {
  readonly name = 'LibraryRefMissing';
}

/** The library holds more than a library may. */
export class LibraryTooLarge extends Error {
  readonly name = 'LibraryTooLarge';
}

/** A library at one commit: the files its bundles are read from. */
export interface LibrarySnapshot {
  commit: string;
  files: FleetFiles;
}

/**
 * A local, read-only copy of one library repository. A branch or tag is
 * fetched shallow (depth 1: only its tip is read); a commit id, which a
 * Git server will not hand out by name, is found by fetching its branches
 * and tags once, and never again (a commit does not change). Nothing is
 * ever checked out, committed or pushed: files are read from Git objects.
 */
export class LibraryCheckout {
  /** The pinned commit, once read: a fixed revision never needs another fetch. */
  private pinned?: LibrarySnapshot;
  /** The last branch or tag read, by the oid the server advertised for it. */
  private last?: { advertised: string; snapshot: LibrarySnapshot };

  constructor(
    private readonly dir: string,
    private readonly config: LibraryConfig,
    private readonly auth: () => Promise<GitCredentials | undefined>,
    private readonly http: HttpClient = originBoundHttp(),
  ) {}

  /** Fetches what the library is pinned to and reads its bundles' files. */
  async read(): Promise<LibrarySnapshot> {
    if (this.pinned) return this.pinned;
    await fs.promises.mkdir(this.dir, { recursive: true });
    if (!fs.existsSync(path.join(this.dir, '.git'))) {
      await git.init({ fs, dir: this.dir });
      // fetch reads its refspec from the remote's configuration.
      await git.addRemote({
        fs,
        dir: this.dir,
        remote: 'origin',
        url: this.config.url,
      });
    }
    const credentials = await this.auth();
    const onAuth = credentials ? () => credentials : undefined;
    const base = {
      // A library's server is someone else's: its packs are bounded as the
      // fleet's are (packBoundFs).
      fs: packBoundFs(INFLATED_LIMIT),
      http: this.http,
      dir: this.dir,
      url: this.config.url,
      onAuth,
    };
    const pin = this.config.pin;
    let oid: string;
    let tip: string | undefined;
    if ('revision' in pin && COMMIT_ID.test(pin.revision)) {
      await git.fetch({ ...base, singleBranch: false, tags: true });
      oid = pin.revision;
    } else {
      const ref =
        'branch' in pin
          ? `refs/heads/${pin.branch}`
          : `refs/tags/${pin.revision}`;
      const advertised = await git.listServerRefs({
        http: this.http,
        url: this.config.url,
        prefix: ref,
        onAuth,
      });
      tip = advertised.find(r => r.ref === ref)?.oid;
      if (!tip)
        throw new LibraryRefMissing(
          'branch' in pin
            ? `has no branch "${pin.branch}"`
            : `has no tag "${pin.revision}"`,
        );
      // Asked every poll: one ref advertisement, and a fetch only when it moved.
      if (this.last?.advertised === tip) return this.last.snapshot;
      const { fetchHead } = await git.fetch({
        ...base,
        ref,
        remoteRef: ref,
        singleBranch: true,
        tags: false,
        depth: 1,
      });
      oid = fetchHead!;
    }
    // A tag may be annotated: read what it points at (readCommit peels it).
    let commit: string;
    try {
      commit = (await git.readCommit({ fs, dir: this.dir, oid })).oid;
    } catch {
      throw new LibraryRefMissing(
        `has no commit ${oid.slice(0, 12)} on any branch or tag`,
      );
    }
    const snapshot = { commit, files: await this.filesAt(commit) };
    if ('revision' in pin && COMMIT_ID.test(pin.revision))
      this.pinned = snapshot;
    else this.last = { advertised: tip!, snapshot };
    return snapshot;
  }

  /** `arlon/bundles/` with contents, and the names of the files under `bundles/`. */
  private async filesAt(commit: string): Promise<FleetFiles> {
    const files: FleetFiles = {};
    let count = 0;
    await git.walk({
      fs,
      dir: this.dir,
      trees: [git.TREE({ ref: commit })],
      map: async (filepath, [entry]) => {
        if (!entry) return null;
        if (filepath === '.') return true;
        const definitions =
          filepath === 'arlon' ||
          filepath === 'arlon/bundles' ||
          filepath.startsWith('arlon/bundles/');
        const manifests =
          filepath === 'bundles' || filepath.startsWith('bundles/');
        if (!definitions && !manifests) return null; // do not descend
        if ((await entry.type()) !== 'blob') return true;
        if (++count > LIBRARY_LIMITS.maxFiles)
          throw new LibraryTooLarge(
            `has more than ${LIBRARY_LIMITS.maxFiles} files under arlon/bundles/ and bundles/`,
          );
        if (manifests) {
          // Validation asks only whether an inline bundle has manifests; ArgoCD reads them.
          files[filepath] = '';
          return true;
        }
        const content = (await entry.content())!;
        if (content.byteLength > LIBRARY_LIMITS.maxDefinitionBytes)
          throw new LibraryTooLarge(
            `${filepath} is larger than ${
              LIBRARY_LIMITS.maxDefinitionBytes / 1024
            } KB`,
          );
        files[filepath] = Buffer.from(content).toString('utf8');
        return true;
      },
    });
    return files;
  }
}
