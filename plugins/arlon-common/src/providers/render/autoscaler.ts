// Autoscaler annotations: the min and max size Cluster API's autoscaler reads from a pool.
import type { NodePool } from '../../model/types';
import type { KubeObject } from '../renderCluster';

const AUTOSCALER_MIN =
  'cluster.x-k8s.io/cluster-api-autoscaler-node-group-min-size';
const AUTOSCALER_MAX =
  'cluster.x-k8s.io/cluster-api-autoscaler-node-group-max-size';

/** Metadata to merge into an autoscaled pool's object; nothing for a fixed-size pool. */
export function autoscalerAnnotations(
  pool: NodePool,
): Partial<KubeObject['metadata']> {
  if (!pool.autoscaling) return {};
  return {
    annotations: {
      [AUTOSCALER_MIN]: String(pool.autoscaling.min),
      [AUTOSCALER_MAX]: String(pool.autoscaling.max),
    },
  };
}
