import {
  LifecycleService,
  LoggerService,
  SchedulerService,
} from '@backstage/backend-plugin-api';
import {
  clustersWithNewLabels,
  type FleetBreakage,
} from '@arlon-backstage/plugin-arlon-common';
import {
  readSince,
  type FleetChangeSignal,
  type FleetRepository,
  type ManagementClusters,
} from '@arlon-backstage/plugin-arlon-node';
import { ProfileLabels } from './ProfileLabels';
import type { GlobalTaskLeases } from '../scheduling/GlobalTaskLeases';
import { RegistrationController } from './RegistrationController';

/** How long one replica keeps the controllers before the global task lets another take over. */
const TERM_MS = 10 * 60 * 1000;
/** The scheduler's global task id: other replicas' schedulers and the lease name it. */
export const REGISTRATION_TASK_ID = 'arlon-registration';
/** Logged by the replica that takes the registration task. */
export const REGISTRATION_TERM_STARTED =
  'This replica runs the registration controllers now';

/**
 * Runs a RegistrationController per management cluster as a Backstage
 * scheduler task with global scope: whichever replica holds the task runs the
 * controllers, so several replicas never register a cluster twice.
 */
export class RegistrationScheduler {
  private readonly labels: ProfileLabels;
  private controllers: RegistrationController[] = [];
  /**
   * The labels every cluster was last resynced against (the previous
   * signalled head's): a commit resyncs only the clusters whose labels
   * differ from it. Unknown (first signal, a failed read): every cluster.
   */
  private resyncedAt?: Promise<FleetBreakage>;
  /** Ends the term under way (shutdown). */
  private stopTerm: () => void = () => {};

  constructor(
    private readonly deps: {
      managementClusters: ManagementClusters;
      fleetRepository: FleetRepository;
      logger: LoggerService;
      scheduler: SchedulerService;
      lifecycle: LifecycleService;
      /** The process's "fleet changed" signal: every new head, from any source. */
      changes?: FleetChangeSignal;
      /** Short leases, so a killed holder's task passes to another replica in seconds. */
      leases?: GlobalTaskLeases;
    },
  ) {
    this.labels = new ProfileLabels(deps.fleetRepository);
  }

  async schedule() {
    const { scheduler, lifecycle, managementClusters } = this.deps;
    if (managementClusters.list().length === 0) return;
    lifecycle.addShutdownHook(() => this.stopTerm());
    // Every replica hears of every commit (its own, a hand push, a merged pull
    // request, another replica's write); the one holding the task acts on it.
    const unsubscribe = this.deps.changes?.subscribe(({ commit }) =>
      this.fleetChanged(commit),
    );
    lifecycle.addShutdownHook(() => unsubscribe?.());
    await scheduler.scheduleTask({
      id: REGISTRATION_TASK_ID,
      scope: 'global',
      frequency: { seconds: 2 },
      timeout: { minutes: 15 },
      initialDelay: { seconds: 0 },
      fn: async signal => {
        const release = this.deps.leases?.hold(REGISTRATION_TASK_ID);
        try {
          await this.term(signal);
        } finally {
          release?.();
        }
      },
    });
  }

  /** One replica's turn at running the controllers: until TERM_MS, shutdown or the scheduler's abort. */
  private async term(signal?: AbortSignal) {
    const { managementClusters, fleetRepository, logger } = this.deps;
    this.controllers = managementClusters.list().map(
      cluster =>
        new RegistrationController({
          cluster,
          logger: logger.child({ managementCluster: cluster.name }),
          profileLabels: name =>
            fleetRepository.config
              ? this.labels.for(name)
              : Promise.resolve({}),
          // A cluster whose definition another management cluster
          // builds is not registered here (placement).
          buildsHere: async name => {
            if (!fleetRepository.config) return true;
            const placed = await this.labels.managementClusterOf(name);
            return (
              placed === null ||
              placed === managementClusters.treeOf(cluster.name)
            );
          },
        }),
    );
    await Promise.all(this.controllers.map(c => c.start()));
    // Operators (and the replica test) see which replica registers clusters.
    logger.info(REGISTRATION_TERM_STARTED);
    await new Promise<void>(resolve => {
      const timer = setTimeout(resolve, TERM_MS);
      this.stopTerm = () => {
        clearTimeout(timer);
        resolve();
      };
      signal?.addEventListener('abort', this.stopTerm);
    });
    await Promise.all(this.controllers.map(c => c.stop()));
    this.controllers = [];
  }

  /**
   * The fleet repository changed (at `commit`, when known): profile labels may
   * have, too. Every cluster is re-reconciled from a read that has the commit.
   */
  async fleetChanged(commit?: string) {
    const read =
      commit && this.controllers.length && this.deps.fleetRepository.config
        ? await readSince(this.deps.fleetRepository, commit).catch(
            () => undefined,
          )
        : undefined;
    // A read that has the commit labels the clusters: no second fetch of it.
    if (read && read.commit === commit) {
      const before = this.resyncedAt;
      const after = this.labels.use(read.files, commit);
      this.resyncedAt = after;
      // Only the clusters whose labels changed: a commit costs what it
      // changed, not a reconcile of every cluster. Each controller's term
      // starts with every cluster, and a Secret edited by hand wakes its own.
      const only = await Promise.all([before, after])
        .then(([b, a]) => (b ? clustersWithNewLabels(b, a) : 'all'))
        .catch(() => 'all' as const);
      for (const c of this.controllers)
        c.resync(only === 'all' ? undefined : only);
      return;
    }
    this.labels.invalidate();
    this.resyncedAt = undefined;
    for (const c of this.controllers) c.resync();
  }
}
