// Topology form: the provider's ClusterClass and a Cluster whose spec.topology uses it.
import { machineTemplateOf } from '../catalog';
import { renderClusterClass } from '../capi/clusterClass';
import { topologyCluster } from '../capi/core';
import { machineSpec } from '../infrastructure';
import type { KubeObject } from '../renderCluster';
import { autoscalerAnnotations } from './autoscaler';
import type { ClusterForm } from './ClusterForm';

export function renderTopology(
  {
    name,
    spec,
    provider,
    capiVersion,
    meta,
    clusterNetwork,
    infraCluster,
  }: ClusterForm,
  className: string,
): KubeObject[] {
  return [
    ...renderClusterClass(capiVersion, meta, {
      className,
      infrastructureCluster: infraCluster,
      machineTemplate: machineTemplateOf(provider),
      controlPlaneMachineSpec: machineSpec(
        provider.id,
        spec.controlPlane?.machineType ?? spec.nodePools[0]?.machineType,
        spec,
        'controlPlane',
      ),
      pools: spec.nodePools.map(pool => ({
        pool,
        machineSpec: machineSpec(provider.id, pool.machineType, spec),
      })),
    }),
    topologyCluster(capiVersion, meta(name), clusterNetwork, {
      className,
      kubernetesVersion: spec.kubernetesVersion,
      controlPlaneReplicas: spec.controlPlane?.replicas ?? 1,
      workers: spec.nodePools.map(pool => ({
        class: pool.name,
        name: pool.name,
        replicas: pool.replicas,
        annotations: autoscalerAnnotations(pool).annotations,
      })),
    }),
  ];
}
