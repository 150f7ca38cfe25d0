import { FleetRepoReader } from '../git/FleetRepoReader';
import { KubeApiServer } from '../kube/KubeApiServer';
import { WatchEvent } from '../kube/ObjectStore';
import { ArgoCdStore } from './argoCdStore';
import { Destinations } from './destinations';
import { ApplicationSetReconciler } from './ApplicationSetReconciler';
import { ApplicationReconciler } from './ApplicationReconciler';
import { HealthFollower } from './healthFollower';

export { IN_CLUSTER } from './destinations';

export interface ArgoCdControllerOptions {
  namespace: string;
  /** The fleet repository's clone URL and the bare repository behind it. */
  fleetRepoUrl: string;
  reader: FleetRepoReader;
  /** The management cluster's API server (destination `in-cluster`). */
  management: KubeApiServer;
  /** API servers by URL: how cluster Secrets' `server` reaches a workload cluster. */
  servers: Map<string, KubeApiServer>;
  /** How often to look for new commits and re-check every Application. */
  resyncMs: number;
  /**
   * A write of this controller's own that the API server refused (an
   * Application or ApplicationSet it could not create or update): a bug
   * here, which real ArgoCD would log. The sandbox records it in its EventLog.
   */
  onRefused?(kind: string, name: string, error: unknown): void;
}

/**
 * A stand-in for ArgoCD's application and ApplicationSet controllers. It
 * turns ApplicationSets (list, clusters and matrix generators) into
 * Applications, renders Applications whose source is a plain YAML directory or
 * a kustomization in the fleet repository, applies them to their destination
 * with automated sync and prune, reports sync, health and resources, and
 * honours the resources finalizer on deletion. Like ArgoCD, it holds every
 * Application to its AppProject: a source repository, destination or
 * resource kind the project does not permit is an InvalidSpecError (or a
 * failed sync) and nothing is applied. What it cannot render (Helm charts,
 * from Git or from a Helm repository, and other repositories) is applied
 * not at all and gets an honest ComparisonError condition, sync and health
 * Unknown.
 */
export class ArgoCdController {
  private readonly queue = new Set<string>();
  private readonly appsets = new Set<string>();
  private running = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private readonly unsubscribe: Array<() => void> = [];
  private lastHead = '';
  private readonly argo: ArgoCdStore;
  private readonly health: HealthFollower;
  private readonly appSetReconciler: ApplicationSetReconciler;
  private readonly appReconciler: ApplicationReconciler;

  constructor(private readonly options: ArgoCdControllerOptions) {
    this.argo = new ArgoCdStore(options.management.store, options.namespace);
    this.health = new HealthFollower(name => this.enqueueApp(name));
    this.appSetReconciler = new ApplicationSetReconciler(this.argo);
    this.appReconciler = new ApplicationReconciler(
      this.argo,
      new Destinations(this.argo, options.management, options.servers),
      this.health,
      options,
    );
  }

  start() {
    const watch = (typeKey: string, send: (e: WatchEvent) => void) =>
      this.unsubscribe.push(
        this.argo.store.watch(
          {
            typeKey,
            namespace: this.options.namespace,
            labels: [],
            fields: [],
            send,
          },
          undefined,
        ),
      );
    watch(
      'argoproj.io/applications',
      e => e.type !== 'DELETED' && this.enqueueApp(e.object.metadata.name),
    );
    watch('argoproj.io/applicationsets', e =>
      this.enqueueAppSet(e.object.metadata.name),
    );
    // A project that appears or changes may permit (or forbid) Applications.
    watch('argoproj.io/appprojects', () => this.enqueueAll());
    watch('/secrets', e => {
      if (
        e.object.metadata.labels?.['argocd.argoproj.io/secret-type'] ===
        'cluster'
      )
        this.enqueueAll();
    });
    this.enqueueAll();
    this.timer = setInterval(() => void this.resync(), this.options.resyncMs);
  }

  stop() {
    this.stopped = true;
    clearInterval(this.timer);
    this.unsubscribe.forEach(u => u());
    this.health.stop();
  }

  /** Resolves once nothing is queued or running: for tests and `startSandbox`. */
  async idle(): Promise<void> {
    while (this.running || this.queue.size || this.appsets.size)
      await new Promise(r => setTimeout(r, 10));
  }

  private async resync() {
    try {
      const head = await this.options.reader.resolve('HEAD');
      if (head !== this.lastHead) {
        this.lastHead = head;
        this.enqueueAll();
      }
    } catch {
      // an empty repository: nothing to do
    }
  }

  private enqueueAll() {
    for (const a of this.argo.list('applicationsets'))
      this.enqueueAppSet(a.metadata.name);
    for (const a of this.argo.list('applications'))
      this.enqueueApp(a.metadata.name);
  }

  private enqueueApp(name: string) {
    this.queue.add(name);
    this.kick();
  }

  private enqueueAppSet(name: string) {
    this.appsets.add(name);
    this.kick();
  }

  private kick() {
    if (this.running || this.stopped) return;
    this.running = true;
    setImmediate(() => void this.drain());
  }

  private async drain() {
    try {
      while (!this.stopped && (this.appsets.size || this.queue.size)) {
        for (const name of [...this.appsets]) {
          this.appsets.delete(name);
          try {
            this.appSetReconciler.reconcile(name);
          } catch (error) {
            this.options.onRefused?.('ApplicationSet', name, error);
          }
        }
        for (const name of [...this.queue]) {
          this.queue.delete(name);
          await this.appReconciler
            .reconcile(name)
            .catch(error =>
              this.options.onRefused?.('Application', name, error),
            );
        }
      }
    } finally {
      this.running = false;
    }
  }
}
