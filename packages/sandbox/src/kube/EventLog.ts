import type { WatchEvent } from './ObjectStore';

/**
 * One change in one of the sandbox's clusters, in the order it happened across all of them.
 *
 * @public
 */
export interface LoggedEvent {
  /** Position in the sandbox-wide order: every cluster's changes share one sequence. */
  seq: number;
  /** `management`, or the workload cluster's name. */
  cluster: string;
  /** A change (ADDED, MODIFIED, DELETED), a workload cluster's TORNDOWN, or a controller's write the API server REFUSED. */
  type: WatchEvent['type'] | 'TORNDOWN' | 'REFUSED';
  kind: string;
  namespace?: string;
  name: string;
  /** The object carried a deletionTimestamp: its deletion had begun. */
  deleting: boolean;
  labels: Record<string, string>;
  /** Why a REFUSED write was refused (the API server's message). */
  message?: string;
}

/**
 * What to look for: every given field must match.
 *
 * @public
 */
export type EventQuery = Partial<
  Pick<LoggedEvent, 'cluster' | 'type' | 'kind' | 'namespace' | 'name'>
> & { deleting?: boolean; label?: [string, string] };

/** Entries kept; older ones drop off (the portal's sandbox runs for days). */
const LIMIT = 50_000;

/**
 * The sandbox's event log: every create, change and delete in the management
 * cluster and every workload cluster, and each workload cluster's teardown,
 * in one order. Tests assert what happened before what (bundles pruned
 * before the cluster was torn down) from it.
 *
 * @public
 */
export class EventLog {
  private readonly entries: LoggedEvent[] = [];
  private seq = 0;

  /** Records a store's change as seen from `cluster`. */
  record(cluster: string, event: WatchEvent) {
    const meta = event.object?.metadata ?? {};
    this.push({
      cluster,
      type: event.type,
      kind: event.object?.kind ?? event.typeKey,
      namespace: meta.namespace,
      name: meta.name,
      deleting: !!meta.deletionTimestamp,
      labels: { ...(meta.labels ?? {}) },
    });
  }

  /** Records that a workload cluster's API server was stopped by Cluster API's teardown. */
  tornDown(cluster: string) {
    this.push({
      cluster,
      type: 'TORNDOWN',
      kind: 'WorkloadCluster',
      name: cluster,
      deleting: true,
      labels: {},
    });
  }

  /**
   * Records that one of the sandbox's own controllers (simulated ArgoCD)
   * had a write of `kind` `name` refused: a sandbox bug that tests assert
   * never happens.
   */
  refused(cluster: string, kind: string, name: string, message: string) {
    this.push({
      cluster,
      type: 'REFUSED',
      kind,
      name,
      deleting: false,
      labels: {},
      message,
    });
  }

  private push(entry: Omit<LoggedEvent, 'seq'>) {
    this.entries.push({ seq: ++this.seq, ...entry });
    if (this.entries.length > LIMIT)
      this.entries.splice(0, this.entries.length - LIMIT);
  }

  /** Every entry matching `query`, oldest first. */
  all(query: EventQuery = {}): LoggedEvent[] {
    return this.entries.filter(e => matches(e, query));
  }

  /** The first entry matching `query`, if any. */
  first(query: EventQuery): LoggedEvent | undefined {
    return this.entries.find(e => matches(e, query));
  }

  /** The last entry matching `query`, if any. */
  last(query: EventQuery): LoggedEvent | undefined {
    for (let i = this.entries.length - 1; i >= 0; i--)
      if (matches(this.entries[i], query)) return this.entries[i];
    return undefined;
  }
}

function matches(entry: LoggedEvent, query: EventQuery): boolean {
  const { label, ...fields } = query;
  if (label && entry.labels[label[0]] !== label[1]) return false;
  return Object.entries(fields).every(
    ([key, value]) => (entry as any)[key] === value,
  );
}
