import { SchedulerServiceTaskScheduleDefinitionConfig } from '@backstage/backend-plugin-api';

export interface Config {
  catalog?: {
    providers?: {
      /** Arlon's entity provider: bundles, profiles, cluster specs and clusters of `arlon.fleetRepo`. */
      arlon?: {
        /** Owner of definitions that name none (`arlon.io/owner`). Defaults to `group:default/platform`. */
        defaultOwner?: string;
        /** Base URL of the ArgoCD UI, for links from clusters to their applications. */
        argocdUrl?: string;
        /** Full syncs; delta mutations happen as changes are seen. Defaults to every 30 minutes. */
        schedule?: SchedulerServiceTaskScheduleDefinitionConfig;
      };
    };
  };
}
