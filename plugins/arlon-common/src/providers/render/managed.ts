// Managed form: a managed service's control plane (EKS, AKS, GKE, …) and its managed MachinePools.
import type { ClusterSpecSpec, NodePool } from '../../model/types';
import type { KindRef } from '../catalog';
import { machinePool } from '../capi/core';
import type { CapiVersion } from '../capi/version';
import { managedPoolSpec, Meta, providerControlPlane } from '../infrastructure';
import { apiVersionOf } from '../infrastructure/types';
import type { KubeObject } from '../renderCluster';
import { autoscalerAnnotations } from './autoscaler';
import type { ClusterForm } from './ClusterForm';

export function renderManaged({
  name,
  spec,
  provider,
  type,
  capiVersion,
  meta,
}: ClusterForm): KubeObject[] {
  const objects: KubeObject[] = [
    ...providerControlPlane(provider, spec, name, meta, type.controlPlane),
  ];
  if (type.managedMachinePool) {
    spec.nodePools.forEach((pool, index) => {
      objects.push(
        ...renderManagedPool(
          name,
          meta,
          type.managedMachinePool!,
          pool,
          spec,
          capiVersion,
          managedPoolSpec(provider, spec, pool, index),
        ),
      );
    });
  }
  return objects;
}

function renderManagedPool(
  name: string,
  meta: Meta,
  poolKind: KindRef,
  pool: NodePool,
  spec: ClusterSpecSpec,
  capiVersion: CapiVersion,
  poolSpec: object,
): KubeObject[] {
  const poolName = `${name}-${pool.name}`;
  return [
    machinePool(capiVersion, meta(poolName, autoscalerAnnotations(pool)), {
      clusterName: name,
      replicas: pool.replicas,
      kubernetesVersion: spec.kubernetesVersion,
      pool: poolKind,
    }),
    {
      apiVersion: apiVersionOf(poolKind),
      kind: poolKind.kind,
      metadata: meta(poolName),
      spec: poolSpec,
    },
  ];
}
