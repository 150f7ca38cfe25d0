import type { ClusterSpecSpec, NodePool } from '../model/types';
import {
  BOOTSTRAP_GROUP,
  CAPI_GROUP,
  ClusterTypeEntry,
  findProvider,
  KindRef,
  machineTemplateOf,
  ProviderEntry,
} from './catalog';
import {
  infrastructureClusterSpec,
  machineSpec,
  managedPoolSpec,
  providerControlPlane,
} from './infrastructure';

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

const apiVersionOf = (k: KindRef) => `${k.group}/${k.version}`;
const ref = (k: KindRef, name: string) => ({
  apiVersion: apiVersionOf(k),
  kind: k.kind,
  name,
});

/**
 * Renders the Cluster API manifests that build cluster `name` from a spec, in
 * namespace `namespace`. The spec must have passed validation (its provider
 * and type exist in the catalog). Pure and deterministic.
 */
export function renderClusterManifests(
  name: string,
  namespace: string,
  spec: ClusterSpecSpec,
): KubeObject[] {
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

  if (type.clusterClass) {
    return [
      renderTopologyCluster(
        meta(name),
        clusterNetwork,
        spec,
        type.clusterClass,
      ),
    ];
  }

  const infraCluster =
    type.infrastructureCluster ?? provider.infrastructureCluster;
  const objects: KubeObject[] = [
    {
      apiVersion: `${CAPI_GROUP}/v1beta1`,
      kind: 'Cluster',
      metadata: meta(name),
      spec: {
        clusterNetwork,
        infrastructureRef: ref(infraCluster, name),
        controlPlaneRef: ref(type.controlPlane, `${name}-control-plane`),
      },
    },
    {
      apiVersion: apiVersionOf(infraCluster),
      kind: infraCluster.kind,
      metadata: meta(name),
      spec: infrastructureClusterSpec(provider, spec),
    },
  ];

  if (type.controlPlane.kind === 'KubeadmControlPlane') {
    objects.push(...renderKubeadm(name, meta, provider, type, spec));
  } else {
    objects.push(
      ...providerControlPlane(provider, spec, name, meta, type.controlPlane),
    );
    const poolKind = type.managedMachinePool;
    if (poolKind) {
      spec.nodePools.forEach((pool, index) => {
        objects.push(
          ...renderManagedPool(
            name,
            meta,
            poolKind,
            pool,
            spec,
            managedPoolSpec(provider, spec, pool, index),
          ),
        );
      });
    }
  }
  return objects;
}

type Meta = (
  name: string,
  extra?: Partial<KubeObject['metadata']>,
) => KubeObject['metadata'];

function renderKubeadm(
  name: string,
  meta: Meta,
  provider: ProviderEntry,
  type: ClusterTypeEntry,
  spec: ClusterSpecSpec,
): KubeObject[] {
  const template = machineTemplateOf(provider);
  const cpTemplate = `${name}-control-plane`;
  const objects: KubeObject[] = [
    {
      apiVersion: apiVersionOf(type.controlPlane),
      kind: type.controlPlane.kind,
      metadata: meta(`${name}-control-plane`),
      spec: {
        replicas: spec.controlPlane?.replicas ?? 3,
        version: spec.kubernetesVersion,
        machineTemplate: { infrastructureRef: ref(template, cpTemplate) },
        kubeadmConfigSpec: {
          initConfiguration: {
            nodeRegistration: { name: '{{ ds.meta_data.local_hostname }}' },
          },
          joinConfiguration: {
            nodeRegistration: { name: '{{ ds.meta_data.local_hostname }}' },
          },
        },
      },
    },
    machineTemplate(
      provider,
      template,
      meta(cpTemplate),
      spec.controlPlane?.machineType ?? spec.nodePools[0]?.machineType,
      spec,
    ),
  ];
  for (const pool of spec.nodePools) {
    const poolName = `${name}-${pool.name}`;
    objects.push(
      {
        apiVersion: `${CAPI_GROUP}/v1beta1`,
        kind: 'MachineDeployment',
        metadata: meta(poolName, autoscalerAnnotations(pool)),
        spec: {
          clusterName: name,
          replicas: pool.replicas,
          selector: { matchLabels: {} },
          template: {
            spec: {
              clusterName: name,
              version: spec.kubernetesVersion,
              bootstrap: {
                configRef: {
                  apiVersion: `${BOOTSTRAP_GROUP}/v1beta1`,
                  kind: 'KubeadmConfigTemplate',
                  name: poolName,
                },
              },
              infrastructureRef: ref(template, poolName),
            },
          },
        },
      },
      machineTemplate(
        provider,
        template,
        meta(poolName),
        pool.machineType,
        spec,
      ),
      {
        apiVersion: `${BOOTSTRAP_GROUP}/v1beta1`,
        kind: 'KubeadmConfigTemplate',
        metadata: meta(poolName),
        spec: {
          template: {
            spec: {
              joinConfiguration: {
                nodeRegistration: { name: '{{ ds.meta_data.local_hostname }}' },
              },
            },
          },
        },
      },
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
  poolSpec: object,
): KubeObject[] {
  const poolName = `${name}-${pool.name}`;
  return [
    {
      apiVersion: `${CAPI_GROUP}/v1beta1`,
      kind: 'MachinePool',
      metadata: meta(poolName, autoscalerAnnotations(pool)),
      spec: {
        clusterName: name,
        replicas: pool.replicas,
        template: {
          spec: {
            clusterName: name,
            version: spec.kubernetesVersion,
            bootstrap: { dataSecretName: '' },
            infrastructureRef: ref(poolKind, poolName),
          },
        },
      },
    },
    {
      apiVersion: apiVersionOf(poolKind),
      kind: poolKind.kind,
      metadata: meta(poolName),
      spec: poolSpec,
    },
  ];
}

function renderTopologyCluster(
  metadata: KubeObject['metadata'],
  clusterNetwork: object,
  spec: ClusterSpecSpec,
  clusterClass: NonNullable<ClusterTypeEntry['clusterClass']>,
): KubeObject {
  return {
    apiVersion: `${CAPI_GROUP}/v1beta1`,
    kind: 'Cluster',
    metadata,
    spec: {
      clusterNetwork,
      topology: {
        class: clusterClass.name,
        version: spec.kubernetesVersion,
        controlPlane: { replicas: spec.controlPlane?.replicas ?? 1 },
        workers: {
          machineDeployments: spec.nodePools.map(pool => ({
            class: clusterClass.workerClass,
            name: pool.name,
            replicas: pool.replicas,
            ...(pool.autoscaling
              ? {
                  metadata: {
                    annotations: autoscalerAnnotations(pool).annotations,
                  },
                }
              : {}),
          })),
        },
      },
    },
  };
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

function machineTemplate(
  provider: ProviderEntry,
  kind: KindRef,
  metadata: KubeObject['metadata'],
  machineType: string | undefined,
  spec: ClusterSpecSpec,
): KubeObject {
  return {
    apiVersion: apiVersionOf(kind),
    kind: kind.kind,
    metadata,
    spec: { template: { spec: machineSpec(provider.id, machineType, spec) } },
  };
}
