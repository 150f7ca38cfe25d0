import type { ClusterSpecSpec, NodePool } from '../model/types';
import {
  findProvider,
  KindRef,
  machineTemplateOf,
  ProviderEntry,
} from './catalog';
import { renderClusterClass } from './capi/clusterClass';
import { contentName } from './capi/contentName';
import {
  capiCluster,
  kubeadmConfigTemplate,
  kubeadmConfigTemplateSpec,
  kubeadmControlPlane,
  machineDeployment,
  machinePool,
  topologyCluster,
} from './capi/core';
import { CapiVersion, DEFAULT_CAPI_VERSION } from './capi/version';
import {
  infrastructureClusterSpec,
  MachineRole,
  machineSpec,
  managedPoolSpec,
  Meta,
  providerControlPlane,
} from './infrastructure';
import { apiVersionOf } from './infrastructure/types';

/** A Kubernetes object as plain data. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    finalizers?: string[];
  };
  [field: string]: unknown;
}

const AUTOSCALER_MIN =
  'cluster.x-k8s.io/cluster-api-autoscaler-node-group-min-size';
const AUTOSCALER_MAX =
  'cluster.x-k8s.io/cluster-api-autoscaler-node-group-max-size';

export interface RenderClusterOptions {
  /** Cluster API's version for its core and kubeadm kinds (see capi/version.ts). */
  capiVersion?: CapiVersion;
}

/**
 * Renders the Cluster API manifests that build cluster `name` from a spec, in
 * namespace `namespace`. The spec must have passed validation (its provider
 * and type exist in the catalog). Pure and deterministic. Machine and
 * bootstrap templates are named by their content (capi/contentName.ts).
 */
export function renderClusterManifests(
  name: string,
  namespace: string,
  spec: ClusterSpecSpec,
  options: RenderClusterOptions = {},
): KubeObject[] {
  const capiVersion = options.capiVersion ?? DEFAULT_CAPI_VERSION;
  const provider = findProvider(spec.provider);
  const type = provider?.clusterTypes[spec.type];
  if (!provider || !type) {
    throw new Error(
      `no provider "${spec.provider}" with cluster type "${spec.type}"`,
    );
  }
  const meta = (
    objectName: string,
    extra: Partial<KubeObject['metadata']> = {},
  ) => ({
    name: objectName,
    namespace,
    labels: { 'cluster.x-k8s.io/cluster-name': name },
    ...extra,
  });
  const clusterNetwork = {
    pods: { cidrBlocks: spec.network?.podCidrs ?? ['192.168.0.0/16'] },
    services: { cidrBlocks: spec.network?.serviceCidrs ?? ['10.128.0.0/12'] },
  };

  const infraCluster =
    type.infrastructureCluster ?? provider.infrastructureCluster;
  if (type.clusterClass) {
    const className = type.clusterClass.name;
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

  const objects: KubeObject[] = [
    capiCluster(
      capiVersion,
      meta(name),
      clusterNetwork,
      infraCluster,
      type.controlPlane,
    ),
    {
      apiVersion: apiVersionOf(infraCluster),
      kind: infraCluster.kind,
      metadata: meta(name),
      spec: infrastructureClusterSpec(provider, spec),
    },
  ];

  if (type.controlPlane.kind === 'KubeadmControlPlane') {
    objects.push(...renderKubeadm(name, meta, provider, spec, capiVersion));
  } else {
    objects.push(
      ...providerControlPlane(provider, spec, name, meta, type.controlPlane),
    );
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
  }
  return objects;
}

function renderKubeadm(
  name: string,
  meta: Meta,
  provider: ProviderEntry,
  spec: ClusterSpecSpec,
  capiVersion: CapiVersion,
): KubeObject[] {
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

function autoscalerAnnotations(
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
