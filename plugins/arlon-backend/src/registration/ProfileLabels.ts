import {
  profileLabels,
  validateFleet,
} from '@internal/backstage-plugin-arlon-common';
import type { FleetRepository } from '@internal/backstage-plugin-arlon-node';

interface Snapshot {
  /** Counts reads: a miss in read n asks for read n + 1, not one more each time. */
  generation: number;
  clusters: Promise<Map<string, string[]>>;
}

/**
 * The `profile.arlon.io/<profile>: "true"` labels each cluster's ArgoCD
 * Secret should carry, from the fleet repository. The repository is read at
 * most once per `maxAgeMs`, however many clusters register at once.
 */
export class ProfileLabels {
  private snapshot?: Snapshot;
  private generation = 0;
  private readAt = 0;

  constructor(
    private readonly repository: Pick<FleetRepository, 'read'>,
    private readonly maxAgeMs = 2000,
  ) {}

  async for(clusterName: string): Promise<Record<string, string>> {
    const seen = this.current();
    let clusters = await seen.clusters;
    // A cluster the snapshot does not know may be newer than it (another
    // writer, such as a software template, committed it): read again, once
    // for all the clusters that missed in the same snapshot.
    if (!clusters.has(clusterName)) {
      if (this.snapshot?.generation === seen.generation) this.invalidate();
      clusters = await this.current().clusters;
    }
    return profileLabels(clusters.get(clusterName) ?? []);
  }

  /** Forget the cached snapshot, e.g. after a write. */
  invalidate() {
    this.snapshot = undefined;
  }

  private current(): Snapshot {
    if (!this.snapshot || Date.now() - this.readAt > this.maxAgeMs) {
      this.readAt = Date.now();
      const clusters = this.repository.read().then(({ files }) => {
        const { fleet } = validateFleet(files);
        return new Map(
          [...fleet.clusters.values()].map(({ object }) => [
            object.metadata.name,
            object.spec.profiles ?? [],
          ]),
        );
      });
      const snapshot = { generation: ++this.generation, clusters };
      clusters.catch(() => {
        if (this.snapshot === snapshot) this.invalidate();
      });
      this.snapshot = snapshot;
    }
    return this.snapshot;
  }
}
