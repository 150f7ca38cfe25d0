import {
  FieldSelector,
  LabelSelector,
  matchesFields,
  matchesLabels,
} from './selectors';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';
export interface WatchEvent {
  type: WatchEventType;
  object: any;
  /** resourceVersion of the change, as a number. */
  rv: number;
  typeKey: string;
}

export interface Watcher {
  typeKey: string;
  namespace?: string;
  labels: LabelSelector;
  fields: FieldSelector;
  send(event: WatchEvent): void;
}

/**
 * A cluster's changes, in resourceVersion order: kept (up to a limit) for
 * watches that resume from a resourceVersion, delivered to watchers whose
 * selectors they match, and shown to observers (the sandbox's event log).
 */
export class ChangeFeed {
  private readonly history: WatchEvent[] = [];
  private readonly watchers = new Set<Watcher>();
  private readonly pending: WatchEvent[] = [];
  private delivering = false;
  private readonly observers = new Set<(event: WatchEvent) => void>();

  /** `historyLimit`: changes kept for resuming watches; older ones answer 410 Gone, as after etcd compaction. */
  constructor(private readonly historyLimit: number) {}

  /** The oldest resourceVersion a watch may resume from; `current` when nothing is kept. */
  oldestResumable(current: number): number {
    return this.history.length ? this.history[0].rv - 1 : current;
  }

  /** Calls `observer` with every change of every type, as it is made. */
  observe(observer: (event: WatchEvent) => void): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  watch(watcher: Watcher, fromResourceVersion: number | undefined): () => void {
    if (fromResourceVersion !== undefined) {
      for (const event of this.history) {
        if (event.rv > fromResourceVersion && wants(watcher, event))
          watcher.send(event);
      }
    }
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  record(event: WatchEvent) {
    this.history.push(event);
    // Before delivery to watchers: what a controller writes in response is logged after this.
    for (const observer of this.observers) observer(event);
    if (this.history.length > this.historyLimit)
      this.history.splice(0, this.history.length - this.historyLimit);
    // A watcher may write in response (controllers do); queue those events so
    // every watcher still sees all events in resourceVersion order.
    this.pending.push(event);
    if (this.delivering) return;
    this.delivering = true;
    try {
      for (let next = this.pending.shift(); next; next = this.pending.shift()) {
        for (const watcher of [...this.watchers])
          if (wants(watcher, next)) watcher.send(next);
      }
    } finally {
      this.delivering = false;
    }
  }
}

function wants(watcher: Watcher, event: WatchEvent): boolean {
  const meta = event.object.metadata;
  return (
    watcher.typeKey === event.typeKey &&
    (!watcher.namespace || meta.namespace === watcher.namespace) &&
    matchesLabels(watcher.labels, meta.labels) &&
    matchesFields(watcher.fields, event.object)
  );
}
