import type { DefinitionView } from './definitionViews';
import type { ClusterDeletion } from './clusterDeletion';

/** A cluster's live state, as the REST API reports it beside its definition. */
export interface ClusterStatus {
  managementCluster: string;
  capi?: {
    phase?: string;
    conditions: Array<{
      type: string;
      status: string;
      reason?: string;
      message?: string;
    }>;
    /**
     * The Kubernetes versions the control plane's machines run, older first,
     * as Cluster API reports them (`status.controlPlane.versions`): one entry
     * once a rollout is done, several while it rolls. Absent when the
     * control plane reports none.
     */
    controlPlaneVersions?: Array<{ version: string; replicas?: number }>;
  };
  registration: 'registered' | 'waitingForProvisioning' | 'notBuilt';
  /** The workload cluster's API server, once registered. */
  server?: string;
  /** The root Application that builds the cluster (none for external clusters). */
  root?: { sync: string; health: string; automated: boolean };
  applications: Array<{
    name: string;
    bundle?: string;
    profile?: string;
    sync: string;
    health: string;
    automated: boolean;
    message?: string;
  }>;
  /** True when changes wait for an explicit update (manual update policy). */
  behind: boolean;
  behindReasons: string[];
  /** Present while the cluster is being deleted or unregistered (bundles first). */
  deletion?: ClusterDeletion;
}

/** A definition as the REST API returns it: clusters carry their live status. */
export type DefinitionWithStatus = DefinitionView & {
  status?: ClusterStatus | null;
};
