// Kubeadm form: a KubeadmControlPlane on the provider's machines, and a MachineDeployment per node pool.
import type { ClusterSpecSpec } from '../../model/types';
import { KindRef, machineTemplateOf, ProviderEntry } from '../catalog';
import { contentName } from '../capi/contentName';
import {
  kubeadmConfigTemplate,
  kubeadmConfigTemplateSpec,
  kubeadmControlPlane,
  machineDeployment,
} from '../capi/core';
import { MachineRole, machineSpec, Meta } from '../infrastructure';
import { apiVersionOf } from '../infrastructure/types';
import type { KubeObject } from '../renderCluster';
import { autoscalerAnnotations } from './autoscaler';
import type { ClusterForm } from './ClusterForm';

export function renderKubeadm({
  name,
  meta,
  provider,
  spec,
  capiVersion,
}: ClusterForm): KubeObject[] {
  const template = machineTemplateOf(provider);
  const cpMachines = machineTemplate(
    provider,
    template,
    meta,
    `${name}-control-plane`,
    spec.controlPlane?.machineType ?? spec.nodePools[0]?.machineType,
    spec,
    'controlPlane',
  );
  const objects: KubeObject[] = [
    kubeadmControlPlane(capiVersion, meta(`${name}-control-plane`), {
      replicas: spec.controlPlane?.replicas ?? 3,
      kubernetesVersion: spec.kubernetesVersion,
      machineTemplate: template,
      machineTemplateName: cpMachines.metadata.name,
    }),
    cpMachines,
  ];
  for (const pool of spec.nodePools) {
    const poolName = `${name}-${pool.name}`;
    const machines = machineTemplate(
      provider,
      template,
      meta,
      poolName,
      pool.machineType,
      spec,
    );
    const bootstrap = kubeadmConfigTemplate(
      capiVersion,
      meta(contentName(poolName, kubeadmConfigTemplateSpec())),
    );
    objects.push(
      machineDeployment(
        capiVersion,
        meta(poolName, autoscalerAnnotations(pool)),
        {
          clusterName: name,
          replicas: pool.replicas,
          kubernetesVersion: spec.kubernetesVersion,
          bootstrapTemplateName: bootstrap.metadata.name,
          machineTemplate: template,
          machineTemplateName: machines.metadata.name,
        },
      ),
      machines,
      bootstrap,
    );
  }
  return objects;
}

/** An infrastructure machine template named `<base>-<hash of its spec>`: a new spec, a new name, a rollout. */
function machineTemplate(
  provider: ProviderEntry,
  kind: KindRef,
  meta: Meta,
  base: string,
  machineType: string | undefined,
  spec: ClusterSpecSpec,
  role: MachineRole = 'worker',
): KubeObject {
  const templateSpec = {
    template: { spec: machineSpec(provider.id, machineType, spec, role) },
  };
  return {
    apiVersion: apiVersionOf(kind),
    kind: kind.kind,
    metadata: meta(contentName(base, templateSpec)),
    spec: templateSpec,
  };
}
