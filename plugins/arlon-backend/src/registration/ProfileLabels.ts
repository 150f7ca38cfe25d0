import {
  FleetBreakage,
  fleetBreakage,
  holdReasons,
  profileLabels,
  validateFleet,
} from '@arlon-backstage/plugin-arlon-common';
import type { FleetRepository } from '@arlon-backstage/plugin-arlon-node';

/**
 * What a cluster's ArgoCD Secret should carry: the
 * `profile.arlon.io/<profile>: "true"` labels of its profiles, or `null` when
 * the cluster is held at last known good (its definition, spec, a profile or
 * a profile's bundle is broken at the head): then the labels it has stay as
 * they are, never stripped or changed, until its definitions are valid
 * again. The repository is read at most once per `maxAgeMs`, however many
 * clusters register at once; not at all while the snapshot is one the
 * fleet change signal handed over (`use`): every new head reaches the
 * signal, which hands that one over in turn, so re-reading the same head
 * every `maxAgeMs` only stalled the clusters waiting on it (a fetch of a
 * 1,000-cluster fleet every 2 s while 1,000 Secrets were being labelled).
 */
export class ProfileLabels {
  private snapshot?: Promise<FleetBreakage>;
  private readAt = 0;
  /** Whether the snapshot is the one the change signal handed over last (use): it stays current until the next. */
  private signalled = false;
  /** The last commit validated (and the libraries' version): a resync over a large fleet reads the same head every maxAgeMs. */
  private validated?: { key: string; breakage: FleetBreakage };

  constructor(
    private readonly repository: Pick<FleetRepository, 'read'> &
      Partial<
        Pick<
          FleetRepository,
          'readAfterWrites' | 'validationContext' | 'libraries'
        >
      >,
    private readonly maxAgeMs = 2000,
  ) {}

  async for(clusterName: string): Promise<Record<string, string> | null> {
    const seen = this.current();
    let breakage = await seen;
    // A cluster the snapshot does not know may be newer than it (another
    // writer, such as a software template, committed it): read again, once
    // for all the clusters that missed in the same snapshot. After this
    // process's writes: during one, read() answers the snapshot it started
    // from, though its commit (which made the cluster) may be on the server.
    if (!knows(breakage, clusterName)) {
      if (this.snapshot === seen) this.invalidate();
      breakage = await this.current(true);
    }
    if (holdReasons(breakage, clusterName)) return null;
    return profileLabels(
      breakage.fleet.clusters.get(clusterName)?.object.spec.profiles ?? [],
    );
  }

  /**
   * The management cluster a cluster's definition names
   * (`spec.managementCluster`, undefined for the default one), or `null`
   * when no valid definition says (unknown, or held: then nothing changes).
   */
  async managementClusterOf(
    clusterName: string,
  ): Promise<string | undefined | null> {
    const found = (await this.current()).fleet.clusters.get(clusterName);
    return found ? found.object.spec.managementCluster : null;
  }

  /** Forget the cached snapshot, e.g. after a write. */
  invalidate() {
    this.snapshot = undefined;
    this.signalled = false;
  }

  /**
   * Takes `files`, just read from the repository by someone else (the read
   * that has a signalled commit), as the snapshot: the clusters reconciled
   * next are labelled from it without fetching the same head again.
   */
  use(files: Record<string, string>, commit?: string): Promise<FleetBreakage> {
    const snapshot = this.remember(Promise.resolve({ files, commit }));
    this.signalled = true;
    return snapshot;
  }

  /**
   * Validating the whole fleet is the costly part of a read (seconds at
   * thousands of clusters): a commit is validated once per library version,
   * however often it is read again. Validated as last known good validates
   * the same head (libraries, management clusters), with the repository's
   * cache: files unchanged since the last head are not parsed or checked
   * on their own again.
   */
  private breakageOf(read: {
    files: Record<string, string>;
    commit?: string;
  }): FleetBreakage {
    const key =
      read.commit &&
      `${read.commit} ${this.repository.libraries?.version() ?? ''}`;
    if (key && this.validated?.key === key) return this.validated.breakage;
    const breakage = fleetBreakage(
      read.files,
      validateFleet(read.files, this.repository.validationContext?.() ?? {}),
    );
    if (key) this.validated = { key, breakage };
    return breakage;
  }

  private current(afterWrites = false): Promise<FleetBreakage> {
    const stale = !this.signalled && Date.now() - this.readAt > this.maxAgeMs;
    if (!this.snapshot || stale)
      this.remember(
        afterWrites && this.repository.readAfterWrites
          ? this.repository.readAfterWrites()
          : this.repository.read(),
      );
    return this.snapshot!;
  }

  private remember(
    read: Promise<{ files: Record<string, string>; commit?: string }>,
  ): Promise<FleetBreakage> {
    this.readAt = Date.now();
    this.signalled = false;
    const snapshot = read.then(r => this.breakageOf(r));
    snapshot.catch(() => {
      if (this.snapshot === snapshot) this.invalidate();
    });
    this.snapshot = snapshot;
    return snapshot;
  }
}

function knows(breakage: FleetBreakage, cluster: string) {
  return breakage.fleet.clusters.has(cluster) || breakage.held.has(cluster);
}
