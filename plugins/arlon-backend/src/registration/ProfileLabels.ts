import {
  profileLabels,
  validateFleet,
} from '@internal/backstage-plugin-arlon-common';
import type { FleetRepository } from '@internal/backstage-plugin-arlon-node';

/**
 * The `profile.arlon.io/<profile>: "true"` labels each cluster's ArgoCD
 * Secret should carry, from the fleet repository. The repository is read at
 * most once per `maxAgeMs`, however many clusters register at once.
 */
export class ProfileLabels {
  private snapshot?: Promise<Map<string, string[]>>;
  private readAt = 0;

  constructor(
    private readonly repository: Pick<FleetRepository, 'read'>,
    private readonly maxAgeMs = 2000,
  ) {}

  async for(clusterName: string): Promise<Record<string, string>> {
    const seen = this.current();
    let clusters = await seen;
    // A cluster the snapshot does not know may be newer than it (another
    // writer, such as a software template, committed it): read again, once
    // for all the clusters that missed in the same snapshot.
    if (!clusters.has(clusterName)) {
      if (this.snapshot === seen) this.invalidate();
      clusters = await this.current();
    }
    return profileLabels(clusters.get(clusterName) ?? []);
  }

  /** Forget the cached snapshot, e.g. after a write. */
  invalidate() {
    this.snapshot = undefined;
  }

  private current(): Promise<Map<string, string[]>> {
    if (!this.snapshot || Date.now() - this.readAt > this.maxAgeMs) {
      this.readAt = Date.now();
      const snapshot = this.repository.read().then(({ files }) => {
        const { fleet } = validateFleet(files);
        return new Map(
          [...fleet.clusters.values()].map(({ object }) => [
            object.metadata.name,
            object.spec.profiles ?? [],
          ]),
        );
      });
      snapshot.catch(() => {
        if (this.snapshot === snapshot) this.invalidate();
      });
      this.snapshot = snapshot;
    }
    return this.snapshot;
  }
}
