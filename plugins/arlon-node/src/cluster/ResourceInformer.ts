import {
  KubeConfig,
  KubernetesObject,
  makeInformer,
  ListPromise,
} from '@kubernetes/client-node';

type Listener<T> = (object: T) => void;

/**
 * A client-node informer that keeps itself alive: after a dropped watch or a
 * failed list it starts again (relisting) with backoff, as controllers must
 * against real API servers.
 */
export class ResourceInformer<T extends KubernetesObject> {
  private readonly informer;
  private readonly listeners = new Set<{
    kind: 'change' | 'delete';
    fn: Listener<T>;
  }>();
  private stopped = true;
  private backoffMs = 250;
  private retry?: NodeJS.Timeout;
  private readyResolve!: () => void;
  /**
   * Resolves when the informer first connects or starts: client-node
   * signals `connect` before its list, and a start whose list failed
   * resolves too (it retries), so this does not wait for an unreachable
   * server. `listed` waits for the objects.
   */
  readonly ready: Promise<void> = new Promise(r => (this.readyResolve = r));
  private listedResolve!: () => void;
  /** Resolves once the first list has filled the cache (never, while the server cannot be reached). */
  readonly listed: Promise<void> = new Promise(r => (this.listedResolve = r));
  private listSucceeded = false;

  constructor(
    kc: KubeConfig,
    path: string,
    list: ListPromise<T>,
    labelSelector?: string,
    /**
     * Which objects to keep; the others are dropped before they reach the
     * cache (from the list and from every watch event), for objects a
     * selector cannot tell apart and that must not stay in memory.
     */
    keep?: (object: T) => boolean,
  ) {
    const listing = keep ? keepOnly(list, keep) : list;
    this.informer = makeInformer<T>(
      kc,
      path,
      async () => {
        const result = await listing();
        this.listSucceeded = true;
        return result;
      },
      labelSelector,
    );
    if (keep) {
      // client-node binds watchHandler each time it (re)starts the watch.
      const watcher = this.informer as unknown as {
        watchHandler(phase: string, object: T, watchObject?: unknown): unknown;
      };
      const handle = watcher.watchHandler.bind(this.informer);
      watcher.watchHandler = (phase, object, watchObject) =>
        keep(object) ? handle(phase, object, watchObject) : undefined;
    }
    const changed = (o: T) => {
      this.backoffMs = 250;
      for (const l of this.listeners) if (l.kind === 'change') l.fn(o);
    };
    this.informer.on('add', changed);
    this.informer.on('update', changed);
    this.informer.on('delete', o => {
      for (const l of this.listeners) if (l.kind === 'delete') l.fn(o);
    });
    this.informer.on('connect', () => this.readyResolve());
    this.informer.on('error', () => {
      if (this.stopped) return;
      this.retry = setTimeout(() => void this.startInformer(), this.backoffMs);
      this.backoffMs = Math.min(this.backoffMs * 2, 10_000);
    });
  }

  onChange(fn: Listener<T>) {
    this.listeners.add({ kind: 'change', fn });
  }

  onDelete(fn: Listener<T>) {
    this.listeners.add({ kind: 'delete', fn });
  }

  list(): readonly T[] {
    return this.informer.list();
  }

  get(name: string, namespace?: string): T | undefined {
    return this.informer.get(name, namespace);
  }

  async start() {
    if (!this.stopped) return;
    this.stopped = false;
    await this.startInformer();
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.retry);
    // A watch stuck on a dead or faulty server must not hold shutdown hostage.
    await Promise.race([
      this.informer.stop(),
      new Promise(r => setTimeout(r, 1000).unref?.()),
    ]);
  }

  private async startInformer() {
    if (this.stopped) return;
    try {
      // Resolves after the list has filled the cache (and the watch started).
      await this.informer.start();
      this.readyResolve();
      if (this.listSucceeded) this.listedResolve();
    } catch {
      // the 'error' listener schedules the next attempt
    }
  }
}

/** A list call whose result holds only the objects `keep` accepts. */
function keepOnly<T extends KubernetesObject>(
  list: ListPromise<T>,
  keep: (object: T) => boolean,
): ListPromise<T> {
  return async () => {
    const result = await list();
    return { ...result, items: result.items.filter(keep) } as typeof result;
  };
}
