/**
 * Topic on Backstage's events service where the arlon backend plugin
 * publishes each new head it sees ({@link FleetChanged} as the payload).
 */
export const FLEET_CHANGED_TOPIC = 'arlon.fleet.changed';

/** Where this process learnt of a new head of the fleet branch. */
export type FleetChangeSource =
  /** A commit this process pushed (REST, scaffolder action, any FleetRepository.change). */
  | 'write'
  /** The periodic look at the branch's head (`ls-remote`). */
  | 'poll'
  /** A look at the head that a verified push webhook asked for. */
  | 'webhook'
  /** A look at the head that another replica's `arlon.fleet.changed` event asked for. */
  | 'event';

/** The fleet branch's head moved (or was first seen) at `commit`. */
export interface FleetChanged {
  commit: string;
  source: FleetChangeSource;
}

export type FleetChangeListener = (
  change: FleetChanged,
) => void | Promise<void>;

/** What a consumer needs: to be told of every new head. */
export interface FleetChangeSignal {
  /** Calls `listener` at every new head; returns the unsubscribe. Starts the watcher. */
  subscribe(listener: FleetChangeListener): () => void;
}

export interface FleetChangesOptions {
  /**
   * Asks the Git server for the branch's head commit (a cheap `ls-remote`);
   * absent when no fleet repository is configured: only announced commits
   * are then signalled.
   */
  readHead?: () => Promise<string>;
  /** How often to ask. */
  pollMs: number;
  logger: {
    info(message: string): void;
    warn(message: string): void;
  };
}

/**
 * The one "fleet changed" signal of a process. Every source feeds it: this
 * process's own commits announce themselves at once, and the branch's head
 * is watched (asked every `pollMs`, and at once when a verified webhook says
 * something was pushed), so commits from anywhere else (a hand push, a
 * merged pull request, another replica) are seen within one period. Each
 * head is signalled once, however many sources report it.
 */
export class FleetChanges implements FleetChangeSignal {
  private readonly listeners = new Set<FleetChangeListener>();
  private head?: string;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  /** The look at the head under way, if any. */
  private looking?: Promise<void>;
  /** A look queued behind it (a webhook during a look that may predate its push). */
  private queued?: Promise<void>;
  /** Bumped by every announcement: a look that started before one may hold an older head. */
  private generation = 0;
  /** Whether the last look failed: one warning per outage, not one per period. */
  private failing = false;
  /** Pushes of this process under way: a look may see their commit before it is announced. */
  private pushes = 0;
  /** A look that answered during a push: asked again, as itself, after it. */
  private deferred?: 'poll' | 'webhook' | 'event';

  constructor(private readonly options: FleetChangesOptions) {}

  /** The newest head this process knows of; undefined before the first look. */
  get knownHead(): string | undefined {
    return this.head;
  }

  subscribe(listener: FleetChangeListener): () => void {
    this.listeners.add(listener);
    this.startWatching();
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** A commit this process just pushed to the fleet branch: signalled at once. */
  announce(commit: string) {
    this.generation++;
    this.observe(commit, 'write');
  }

  /**
   * A push of this process to the fleet branch begins. Until the returned
   * function is called (after `announce` when it landed), looks that
   * answer set their head aside: the server may already hold the pushed
   * commit, which is this process's write, not something polled. They are
   * asked again once no push is under way.
   */
  pushing(): () => void {
    this.generation++;
    this.pushes++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.pushes--;
      const deferred = this.deferred;
      if (this.pushes === 0 && deferred) {
        this.deferred = undefined;
        void this.check(deferred);
      }
    };
  }

  /**
   * Asks the Git server for the head now. A poll while a look is under way
   * is dropped (the look answers it); a webhook's look is queued behind it,
   * since the look under way may have asked before the push it reports.
   * Coalesced: however many webhooks arrive, at most one look runs and one waits.
   */
  check(source: 'poll' | 'webhook' | 'event' = 'poll'): Promise<void> {
    if (!this.options.readHead || this.stopped) return Promise.resolve();
    if (!this.looking) {
      const look = this.look(source).finally(() => {
        if (this.looking === look) this.looking = undefined;
      });
      this.looking = look;
      return look;
    }
    if (source === 'poll') return this.looking;
    this.queued ??= this.looking.then(() => {
      this.queued = undefined;
      return this.check(source);
    });
    return this.queued;
  }

  /** Stops watching (shutdown). */
  stop() {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private startWatching() {
    if (this.timer || this.stopped || !this.options.readHead) return;
    this.timer = setInterval(
      () => void this.check('poll'),
      this.options.pollMs,
    );
    this.timer.unref?.();
    void this.check('poll');
  }

  private async look(source: 'poll' | 'webhook' | 'event') {
    const generation = this.generation;
    let commit: string;
    try {
      commit = await this.options.readHead!();
    } catch (error) {
      // A look cut off by shutdown (the server stopped with this process) is no outage.
      if (this.stopped) return;
      if (!this.failing)
        this.options.logger.warn(
          `Cannot see the fleet branch's head, so commits made outside this process are not noticed until it answers again: ${
            (error as Error).message
          }`,
        );
      this.failing = true;
      return;
    }
    if (this.failing)
      this.options.logger.info(
        "The fleet branch's head answers again; watching it",
      );
    this.failing = false;
    if (commit === this.head || this.stopped) return;
    if (this.pushes > 0) {
      // The answer may be a push of this process not yet announced.
      this.deferred ??= source;
      return;
    }
    if (generation !== this.generation) {
      // This process committed while the server was being asked: the answer
      // may be older than that commit. Ask again rather than go backwards.
      void this.check('webhook');
      return;
    }
    this.observe(commit, source);
  }

  private observe(commit: string, source: FleetChangeSource) {
    if (commit === this.head || this.stopped) return;
    this.head = commit;
    for (const listener of [...this.listeners]) {
      try {
        Promise.resolve(listener({ commit, source })).catch(error =>
          this.warnListener(error),
        );
      } catch (error) {
        this.warnListener(error);
      }
    }
  }

  private warnListener(error: unknown) {
    this.options.logger.warn(
      `A consumer of the fleet change signal failed: ${
        (error as Error)?.message ?? error
      }`,
    );
  }
}
