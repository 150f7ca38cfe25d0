import type { ClusterSpecSpec, NodePool } from '../model/types';
import {
  BOOTSTRAP_GROUP,
  CAPI_GROUP,
  ClusterTypeEntry,
  findProvider,
  KindRef,
  ProviderEntry,
} from './catalog';

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
    objects.push({
      apiVersion: apiVersionOf(type.controlPlane),
      kind: type.controlPlane.kind,
      metadata: meta(`${name}-control-plane`),
      spec: managedControlPlaneSpec(provider, spec),
    });
    if (type.managedMachinePool) {
      for (const pool of spec.nodePools) {
        objects.push(
          ...renderManagedPool(name, meta, type.managedMachinePool, pool, spec),
        );
      }
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
  const template = provider.machineTemplate;
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
      spec: managedPoolSpec(poolKind.kind, pool),
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

/** Provider-specific machine fields; tier 1 providers get the fields their API requires. */
function machineSpec(
  provider: string,
  machineType: string | undefined,
  spec: ClusterSpecSpec,
): object {
  switch (provider) {
    case 'aws':
      return {
        instanceType: machineType,
        sshKeyName: spec.sshKeyName,
        iamInstanceProfile: 'nodes.cluster-api-provider-aws.sigs.k8s.io',
      };
    case 'azure':
      return {
        vmSize: machineType,
        osDisk: { diskSizeGB: 128, osType: 'Linux' },
      };
    case 'gcp':
      return { instanceType: machineType };
    case 'vsphere':
      return {
        template: machineType,
        cloneMode: 'linkedClone',
        numCPUs: 2,
        memoryMiB: 8192,
        diskGiB: 40,
      };
    case 'openstack':
      return { flavor: machineType, sshKeyName: spec.sshKeyName };
    case 'metal3':
      return {
        image: { url: machineType, checksum: `${machineType}.sha256sum` },
      };
    case 'kubevirt':
      return {
        virtualMachineTemplate: {
          spec: { instancetype: { name: machineType } },
        },
      };
    case 'docker':
      return { customImage: machineType };
    default:
      return { machineType };
  }
}

function infrastructureClusterSpec(
  provider: ProviderEntry,
  spec: ClusterSpecSpec,
): object {
  switch (provider.id) {
    case 'aws':
      return spec.type === 'eks'
        ? {}
        : {
            region: spec.region,
            sshKeyName: spec.sshKeyName,
            ...(spec.network?.vpcId
              ? { network: { vpc: { id: spec.network.vpcId } } }
              : {}),
          };
    case 'azure':
      return spec.type === 'aks'
        ? {}
        : {
            location: spec.region,
            resourceGroup: spec.region && `arlon-${spec.region}`,
          };
    case 'gcp':
      return spec.type === 'gke'
        ? {}
        : {
            region: spec.region,
            network: { name: spec.network?.vpcId ?? 'default' },
          };
    default:
      return spec.region ? { region: spec.region } : {};
  }
}

function managedControlPlaneSpec(
  provider: ProviderEntry,
  spec: ClusterSpecSpec,
): object {
  switch (provider.id) {
    case 'aws':
      return {
        region: spec.region,
        version: spec.kubernetesVersion,
        sshKeyName: spec.sshKeyName,
        ...(spec.network?.vpcId
          ? { network: { vpc: { id: spec.network.vpcId } } }
          : {}),
      };
    case 'azure':
      return {
        location: spec.region,
        version: spec.kubernetesVersion,
        resourceGroupName: `arlon-${spec.region}`,
      };
    case 'gcp':
      return {
        location: spec.region,
        version: spec.kubernetesVersion.replace(/^v/, ''),
      };
    default:
      return { version: spec.kubernetesVersion };
  }
}

function managedPoolSpec(kind: string, pool: NodePool): object {
  const scaling = pool.autoscaling && {
    minSize: pool.autoscaling.min,
    maxSize: pool.autoscaling.max,
  };
  switch (kind) {
    case 'AWSManagedMachinePool':
      return {
        instanceType: pool.machineType,
        ...(scaling ? { scaling } : {}),
      };
    case 'AzureManagedMachinePool':
      return {
        mode: 'User',
        sku: pool.machineType,
        ...(scaling ? { scaling } : {}),
      };
    default:
      return {
        machineType: pool.machineType,
        ...(scaling
          ? {
              scaling: { minCount: scaling.minSize, maxCount: scaling.maxSize },
            }
          : {}),
      };
  }
}
