import { ObjectStore } from '../kube/ObjectStore';

/** The label ArgoCD tracks an Application's resources by. */
export const TRACKING_LABEL = 'app.kubernetes.io/instance';

/**
 * Health follows the live status of what was applied, as ArgoCD's cluster
 * cache does: any change to an object carrying an Application's tracking
 * label in a destination (a workload controller's status write, a hand
 * edit, a deletion) re-checks that Application. Writes that change nothing
 * raise no event, so this settles.
 */
export class HealthFollower {
  /** Destinations whose changes are followed (store → stop). */
  private readonly followed = new Map<ObjectStore, () => void>();

  constructor(private readonly recheck: (application: string) => void) {}

  follow(store: ObjectStore) {
    if (this.followed.has(store)) return;
    this.followed.set(
      store,
      store.observe(e => {
        const app = e.object?.metadata?.labels?.[TRACKING_LABEL];
        if (app) this.recheck(app);
      }),
    );
  }

  stop() {
    this.followed.forEach(stop => stop());
    this.followed.clear();
  }
}
