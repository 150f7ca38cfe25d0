import {
  LoggerService,
  SchedulerServiceTaskRunner,
} from '@backstage/backend-plugin-api';
import { ConfigReader } from '@backstage/config';
import {
  ScmIntegrations,
  type ScmIntegrationRegistry,
} from '@backstage/integration';
import {
  EntityProvider,
  EntityProviderConnection,
} from '@backstage/plugin-catalog-node';
import {
  clusterStatusLookup,
  readSince,
} from '@arlon-backstage/plugin-arlon-node';
import type {
  ClusterStatus,
  FleetChangeSignal,
  FleetRepository,
  FleetSnapshot,
  ManagementClusters,
} from '@arlon-backstage/plugin-arlon-node';
import { ClusterFacts, FleetEntityOptions } from './fleetEntities';
import { BuiltEntity, entityRefOf, FleetEntityMemo } from './FleetEntityMemo';
import { fleetLinks } from './fleetLinks';
import { libraryEntities } from './libraryEntities';

export interface ArlonEntityProviderOptions
  extends Omit<FleetEntityOptions, 'links' | 'multipleArgoCdInstances'> {
  /** Builds source, view and edit links for the fleet repository's host (`integrations`; none when absent). */
  integrations?: ScmIntegrationRegistry;
  repository: FleetRepository;
  clusters: ManagementClusters;
  logger: LoggerService;
  /** Runs full syncs. */
  schedule: SchedulerServiceTaskRunner;
  /** The process's "fleet changed" signal: every new head, from any source. */
  changes: FleetChangeSignal;
}

/** How long the first full sync waits for the management clusters' first list. */
const FIRST_LIST_WAIT_MS = 15_000;

/**
 * Bundles, profiles, cluster specs and clusters as catalog entities. Full
 * mutations on a schedule; delta mutations (only what changed) as soon as a
 * new commit or a change of a cluster's live state is seen.
 *
 * @public
 */
export class ArlonEntityProvider implements EntityProvider {
  private connection?: EntityProviderConnection;
  private current = new Map<string, string>(); // entity ref -> JSON, what the catalog has from us
  private lastCommit?: string;
  private unsubscribe?: () => void;
  private unsubscribeLibraries?: () => void;
  private pending = false;
  private stopped = false;
  /** The sync running now, or the last one: each next sync waits for it. */
  private syncs: Promise<void> = Promise.resolve();
  /** Entities of unchanged definitions are not built again (FleetEntityMemo). */
  private readonly memo = new FleetEntityMemo();
  private entityOptions?: { key: string; options: FleetEntityOptions };
  /** The head the last "fleet changed" signal read: the next delta starts from it, not another fetch. */
  private signalled?: FleetSnapshot;

  /** Settles when the live objects are first listed, or after FIRST_LIST_WAIT_MS. */
  private listed: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: ArlonEntityProviderOptions) {}

  getProviderName() {
    return `arlon-provider:${this.options.fleet}`;
  }

  async connect(connection: EntityProviderConnection) {
    this.connection = connection;
    // The first full sync waits a while for the first list of live objects:
    // without it, clusters go out without their facts and a delta re-sends
    // every one of them moments later (10,000 entities at 10,000 clusters).
    // A management cluster that cannot be reached delays it FIRST_LIST_WAIT_MS.
    this.listed = Promise.race([
      Promise.all(this.options.clusters.list().map(c => c.informers().listed)),
      new Promise(r => setTimeout(r, FIRST_LIST_WAIT_MS).unref?.()),
    ]);
    await this.options.schedule.run({
      id: `${this.getProviderName()}:full-sync`,
      fn: () => this.fullSync(),
    });
    for (const cluster of this.options.clusters.list()) {
      const informers = cluster.informers();
      void informers.start();
      const changed = () => this.soon();
      // What entities show of a cluster's live state (ClusterFacts) comes
      // from its CAPI Cluster and its ArgoCD Secret. Applications change at
      // every sync; the cards read their status from the REST API, so they
      // never churn the catalog.
      informers.capiClusters.onChange(changed);
      informers.capiClusters.onDelete(changed);
      informers.argocdClusterSecrets.onChange(changed);
      informers.argocdClusterSecrets.onDelete(changed);
    }
    this.unsubscribe = this.options.changes.subscribe(({ commit }) =>
      this.fleetChanged(commit),
    );
    // A library that moved changes its bundles' entities and what profiles rest on.
    this.unsubscribeLibraries = this.options.repository.libraries?.subscribe(
      () => this.soon(),
    );
  }

  /** Stops following changes (tests and shutdown). */
  stop() {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribeLibraries?.();
  }

  async fullSync() {
    if (!this.connection) throw new Error('not connected');
    await this.serially(() => this.applyFull());
  }

  /** Applies only what changed since the catalog last heard from us. */
  async deltaSync() {
    if (this.connection) await this.serially(() => this.applyDelta());
  }

  /**
   * One sync at a time, in order: two overlapping builds could land in the
   * catalog out of order, leaving it at the older commit until the next change.
   */
  private serially(sync: () => Promise<void>) {
    const next = this.syncs.then(sync);
    this.syncs = next.catch(() => {});
    return next;
  }

  private async applyFull() {
    await this.listed;
    const { commit, built } = await this.build();
    await this.connection!.applyMutation({
      type: 'full',
      entities: built.map(({ entity }) => ({
        entity,
        locationKey: this.getProviderName(),
      })),
    });
    this.current = new Map(built.map(b => [b.ref, b.json]));
    this.lastCommit = commit;
    this.options.logger.info(
      `Full sync: ${built.length} entities at ${commit.slice(0, 12)}`,
    );
  }

  private async applyDelta() {
    const { commit, built } = await this.build();
    const next = new Map(built.map(b => [b.ref, b.json]));
    // An unchanged entity keeps the very JSON string it was sent with
    // (FleetEntityMemo), so most comparisons are of one pointer.
    const added = built
      .filter(b => this.current.get(b.ref) !== next.get(b.ref))
      .map(b => b.entity);
    const removed = [...this.current.keys()].filter(r => !next.has(r));
    this.lastCommit = commit;
    if (added.length === 0 && removed.length === 0) return;
    await this.connection!.applyMutation({
      type: 'delta',
      added: added.map(entity => ({
        entity,
        locationKey: this.getProviderName(),
      })),
      removed: removed.map(entityRef => ({
        entityRef,
        locationKey: this.getProviderName(),
      })),
    });
    this.current = next;
  }

  /**
   * A new head (any source): a delta from a read that has it, at once. The
   * signal comes once per head, so unlike live changes there is no burst to
   * coalesce, and a commit reaches the catalog without waiting.
   */
  private async fleetChanged(commit: string) {
    if (commit === this.lastCommit) return;
    this.signalled = await readSince(this.options.repository, commit).catch(
      () => undefined,
    );
    if (this.stopped || !this.connection) return;
    await this.deltaSync().catch(error =>
      this.options.logger.warn(`Delta sync failed: ${error.message}`),
    );
  }

  /**
   * Coalesces bursts of changes (a sync touches many objects) into one delta;
   * at most one waits behind a running sync, and changes seen once it has
   * started get the next one.
   */
  private soon() {
    if (this.pending) return;
    this.pending = true;
    setTimeout(() => {
      if (this.stopped || !this.connection) {
        this.pending = false;
        return;
      }
      this.serially(() => {
        this.pending = false;
        return this.applyDelta();
      }).catch(error =>
        this.options.logger.warn(`Delta sync failed: ${error.message}`),
      );
    }, 250).unref?.();
  }

  private async build(): Promise<{ commit: string; built: BuiltEntity[] }> {
    // Held definitions keep their entity, from their last good commit.
    const signalled = this.signalled;
    this.signalled = undefined;
    const { snapshot, views } = await this.options.repository.lastKnownGood(
      signalled,
    );
    const statusOf = clusterStatusLookup(this.options.clusters.list());
    return {
      commit: snapshot.commit,
      built: [
        ...this.memo.build(
          views,
          name => clusterFacts(statusOf(name)),
          this.currentEntityOptions(),
        ),
        // Few, and built from the libraries as last read: built every time.
        ...libraryEntities(
          this.options.repository.libraries?.status() ?? [],
          this.options,
        ).map(entity => ({
          entity,
          json: JSON.stringify(entity),
          ref: entityRefOf(entity),
        })),
      ],
    };
  }

  /** The same options object while what they are made of holds (FleetEntityMemo keeps its entities). */
  private currentEntityOptions(): FleetEntityOptions {
    const config = this.options.repository.config!;
    const multipleArgoCdInstances = this.options.clusters.list().length > 1;
    const key = JSON.stringify([
      config.url,
      config.branch,
      multipleArgoCdInstances,
    ]);
    if (this.entityOptions?.key !== key)
      this.entityOptions = {
        key,
        options: {
          ...this.options,
          links: fleetLinks(
            this.options.integrations ??
              ScmIntegrations.fromConfig(new ConfigReader({})),
            config.url,
            config.branch,
          ),
          multipleArgoCdInstances,
        },
      };
    return this.entityOptions.options;
  }
}

/**
 * What a cluster's entity shows of its live state: only what changes at
 * phase transitions (provisioning, registration), never sync or health,
 * which move at every ArgoCD sync and would rewrite entities all day.
 */
function clusterFacts(status?: ClusterStatus): ClusterFacts | undefined {
  if (!status || status.registration === 'notBuilt') return undefined;
  return {
    phase: status.capi?.phase,
    registration: status.registration,
    server: status.server,
    managementCluster: status.managementCluster,
  };
}
