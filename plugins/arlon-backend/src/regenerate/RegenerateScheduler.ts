import {
  LifecycleService,
  LoggerService,
  SchedulerService,
} from '@backstage/backend-plugin-api';
import {
  FleetDefinitions,
  FleetRegenerator,
  ServedClusterKinds,
  type FleetChangeSignal,
  type FleetRepository,
  type ManagementClusters,
} from '@arlon-backstage/plugin-arlon-node';
import type { GlobalTaskLeases } from '../scheduling/GlobalTaskLeases';

/** How long one replica keeps the task before the global lease lets another take over. */
const TERM_MS = 10 * 60 * 1000;
/** The scheduler's global task id: other replicas' schedulers and the lease name it. */
export const REGENERATE_TASK_ID = 'arlon-regenerate';
/**
 * Between signals, how often the head is looked at again: a failed attempt
 * is retried (after the regenerator's own delay), and a head seen before
 * this replica held the task is not missed. A handled head costs nothing.
 */
const LOOK_AGAIN_MS = 30_000;

/**
 * Runs the FleetRegenerator as a Backstage scheduler task with global scope:
 * whichever replica holds the task regenerates, so two replicas never race
 * to commit the same tree. While it holds the task it looks at every new
 * head the "fleet changed" signal reports (this process's writes, hand
 * pushes, merges, other replicas' writes), and at the head when it starts.
 */
export class RegenerateScheduler {
  readonly regenerator: FleetRegenerator;

  constructor(
    private readonly deps: {
      fleetRepository: FleetRepository;
      managementClusters: ManagementClusters;
      logger: LoggerService;
      scheduler: SchedulerService;
      lifecycle: LifecycleService;
      /** The process's "fleet changed" signal, with the newest head it knows. */
      changes?: FleetChangeSignal & { readonly knownHead?: string };
      /** Short leases, so a killed holder's task passes to another replica in seconds. */
      leases?: GlobalTaskLeases;
    },
  ) {
    const servedKinds = new ServedClusterKinds(deps.managementClusters);
    this.regenerator = new FleetRegenerator({
      repository: deps.fleetRepository,
      // The same validation, compiler and served-kinds check as POST /regenerate.
      definitions: new FleetDefinitions(
        deps.fleetRepository,
        () => servedKinds.current(),
        deps.managementClusters.placementNames(),
      ),
      logger: deps.logger.child({ task: 'arlon-regenerate' }),
    });
  }

  async schedule() {
    const { scheduler, lifecycle, logger, changes } = this.deps;
    if (this.regenerator.mode === 'off') return;
    let stopTerm: () => void = () => {};
    lifecycle.addShutdownHook(() => stopTerm());
    const look = (head?: string) =>
      this.regenerator
        .regenerateIfStale(head)
        .catch(error =>
          logger.warn(
            `Could not check whether generated/ follows the definitions: ${
              (error as Error).message
            }`,
          ),
        );
    await scheduler.scheduleTask({
      id: REGENERATE_TASK_ID,
      scope: 'global',
      frequency: { seconds: 5 },
      timeout: { minutes: 15 },
      // Not during start-up: the first look waits for the backend to be up.
      initialDelay: { seconds: 5 },
      fn: async signal => {
        const release = this.deps.leases?.hold(REGENERATE_TASK_ID);
        const unsubscribe = changes?.subscribe(({ commit }) => {
          void look(commit);
        });
        // A library that moved changes what the same head compiles to.
        const unsubscribeLibraries =
          this.deps.fleetRepository.libraries?.subscribe(
            () => void look(changes?.knownHead),
          );
        const again = setInterval(
          () => void look(changes?.knownHead),
          LOOK_AGAIN_MS,
        );
        try {
          await look();
          await new Promise<void>(resolve => {
            const timer = setTimeout(resolve, TERM_MS);
            stopTerm = () => {
              clearTimeout(timer);
              resolve();
            };
            if (signal?.aborted) stopTerm();
            signal?.addEventListener('abort', stopTerm);
          });
        } finally {
          release?.();
          unsubscribe?.();
          unsubscribeLibraries?.();
          clearInterval(again);
        }
      },
    });
  }
}
