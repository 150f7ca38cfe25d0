import path from 'node:path';
import {
  Library,
  LibraryCatalog,
  Problem,
  readLibrary,
} from '@arlon-backstage/plugin-arlon-common';
import type { GitCredentials } from '../fleet/gitCredentials';
import { timedGitHttp } from '../fleet/timedGitHttp';
import { DEFAULT_LIMITS } from '../config/readArlonLimits';
import { describeLibraryFailure } from './describeLibraryFailure';
import { LibraryCheckout } from './LibraryCheckout';
import type { LibraryConfig } from './readLibrariesConfig';

/**
 * One library as the portal last saw it: for the catalog, health and logs.
 *
 * @public
 */
export interface LibraryStatus {
  library: Library;
  pin: LibraryConfig['pin'];
  /** Problems of the library's own bundles at its commit (those bundles are left out). */
  problems: Problem[];
}

/**
 * How a LibraryShelf reads its libraries.
 *
 * @public
 */
export interface LibraryShelfOptions {
  /** Deadline of each request to a library's Git server (arlon.limits.gitTimeoutSeconds). */
  gitTimeoutMs?: number;
  logger?: { warn(message: string): void; info(message: string): void };
}

/**
 * Every configured library, read and kept at its last known good content.
 * A library that cannot be read keeps the commit and bundles it was last
 * read at, marked unreachable (validation then warns rather than dropping
 * a profile); one never read has no commit (validation holds the profile).
 * Nothing here writes to a library.
 *
 * @public
 */
export class LibraryShelf {
  private readonly checkouts: LibraryCheckout[];
  private readonly statuses: LibraryStatus[];
  /** The refresh under way: concurrent callers share it. */
  private refreshing?: Promise<boolean>;
  /** The first refresh: what a first read of the fleet waits for. */
  private first?: Promise<boolean>;
  private readonly listeners = new Set<() => void>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly configs: LibraryConfig[],
    /** Where the local copies live, one folder per library. */
    workDir: string,
    credentials: (url: string) => Promise<GitCredentials | undefined>,
    private readonly options: LibraryShelfOptions = {},
  ) {
    const http = timedGitHttp(
      options.gitTimeoutMs ?? DEFAULT_LIMITS.gitTimeoutMs,
    );
    this.checkouts = configs.map(
      config =>
        // The name is an RFC 1123 label (readLibrariesConfig): a safe folder name.
        new LibraryCheckout(
          path.join(workDir, config.name),
          config,
          // integrations match credentials by host only: never send a
          // token in clear text to a plain-http library (an anonymous mirror).
          async () =>
            new URL(config.url).protocol === 'https:'
              ? credentials(config.url)
              : undefined,
          http,
        ),
    );
    this.statuses = configs.map(config => ({
      library: {
        name: config.name,
        url: config.url,
        bundles: new Map(),
        unreachable: 'its first read has not finished',
      },
      pin: config.pin,
      problems: [],
    }));
  }

  /** The libraries as last read: what validation and the compiler are given. */
  catalog(): LibraryCatalog {
    return new Map(this.statuses.map(s => [s.library.name, s.library]));
  }

  status(): ReadonlyArray<LibraryStatus> {
    return this.statuses;
  }

  /**
   * Which commit each library stands at (and whether it answers): changes
   * exactly when what the fleet compiles to or how it validates may change.
   */
  version(): string {
    return this.statuses
      .map(
        s =>
          `${s.library.name}@${s.library.commit ?? '-'}${
            s.library.unreachable ? '!' : ''
          }`,
      )
      .join(',');
  }

  /**
   * Calls `listener` whenever a library stands at another commit than
   * before (the regenerator and the catalog look again); returns the unsubscribe.
   */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads the libraries every `pollMs` (the fleet's own poll period) until stopped. */
  watch(pollMs: number): void {
    if (this.timer || this.configs.length === 0) return;
    this.timer = setInterval(() => void this.refresh(), pollMs);
    this.timer.unref?.();
    void this.ready();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Resolves once every library has been read (or failed) at least once. */
  async ready(): Promise<void> {
    this.first ??= this.refresh();
    await this.first;
  }

  /**
   * Reads every library again (a branch's head, at the fleet's poll).
   * Never throws: a failure is recorded on the library. Resolves to whether
   * any library now stands at another commit (the fleet must recompile).
   */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.readAll().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async readAll(): Promise<boolean> {
    const before = this.version();
    const moved = (
      await Promise.all(
        this.configs.map((config, i) => this.readOne(config, i)),
      )
    ).some(Boolean);
    // Also when a library only went away or came back: its entities say so.
    if (this.version() !== before)
      for (const listener of [...this.listeners]) {
        try {
          listener();
        } catch (error) {
          this.options.logger?.warn(
            `A consumer of library changes failed: ${
              (error as Error)?.message
            }`,
          );
        }
      }
    return moved;
  }

  private async readOne(config: LibraryConfig, i: number): Promise<boolean> {
    const before = this.statuses[i].library;
    try {
      const { commit, files } = await this.checkouts[i].read();
      if (commit === before.commit && !before.unreachable) return false;
      const { library, problems } = readLibrary(
        { name: config.name, url: config.url, commit },
        files,
      );
      this.statuses[i] = { library, pin: config.pin, problems };
      if (before.unreachable && before.commit)
        this.options.logger?.info(`library "${config.name}" can be read again`);
      for (const p of problems)
        this.options.logger?.warn(
          `library "${config.name}" ${p.file}:${p.line}: ${p.message} (the bundle is left out)`,
        );
      return commit !== before.commit;
    } catch (error) {
      const unreachable = describeLibraryFailure(error, config, i);
      if (before.unreachable !== unreachable)
        this.options.logger?.warn(
          before.commit
            ? `${unreachable}; keeping its last known good commit ${before.commit.slice(
                0,
                12,
              )}`
            : unreachable,
        );
      this.statuses[i] = {
        ...this.statuses[i],
        library: { ...before, unreachable },
      };
      return false;
    }
  }
}
