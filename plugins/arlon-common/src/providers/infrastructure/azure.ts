import type { ClusterSpecSpec } from '../../model/types';
import type { InfrastructureRenderer } from './types';
import { apiVersionOf, when } from './types';

const settings = (spec: ClusterSpecSpec) => spec.providerSpec?.azure ?? {};
const resourceGroup = (spec: ClusterSpecSpec) =>
  settings(spec).resourceGroup ?? `arlon-${spec.region}`;
const identityRef = (spec: ClusterSpecSpec) =>
  when(settings(spec).identityRef, ref => ({
    identityRef: { kind: 'AzureClusterIdentity', ...ref },
  }));

export const azure: InfrastructureRenderer = {
  cluster: spec =>
    spec.type === 'aks'
      ? {}
      : {
          location: spec.region,
          resourceGroup: resourceGroup(spec),
          subscriptionID: settings(spec).subscriptionID,
          ...identityRef(spec),
        },
  machine: (_spec, machineType) => ({
    vmSize: machineType,
    osDisk: { diskSizeGB: 128, osType: 'Linux' },
  }),
  controlPlane: (spec, name, meta, kind) => [
    {
      apiVersion: apiVersionOf(kind),
      kind: kind.kind,
      metadata: meta(`${name}-control-plane`),
      spec: {
        location: spec.region,
        version: spec.kubernetesVersion,
        resourceGroupName: resourceGroup(spec),
        subscriptionID: settings(spec).subscriptionID,
        ...identityRef(spec),
      },
    },
  ],
  // AKS needs a System pool to run its own add-ons: the spec's first pool.
  pool: (_spec, pool, index) => ({
    mode: index === 0 ? 'System' : 'User',
    name: pool.name,
    sku: pool.machineType,
    ...when(pool.autoscaling, a => ({
      scaling: { minSize: a.min, maxSize: a.max },
    })),
  }),
};

export const azureStackHci: InfrastructureRenderer = {
  cluster: spec => ({
    location: spec.region,
    resourceGroup: spec.providerSpec?.azurestackhci?.resourceGroup,
    version: spec.kubernetesVersion,
  }),
  machine: (spec, machineType) => ({
    location: spec.region,
    vmSize: machineType,
    sshPublicKey: spec.providerSpec?.azurestackhci?.sshPublicKey,
    image: { osType: 'Linux' },
  }),
};
