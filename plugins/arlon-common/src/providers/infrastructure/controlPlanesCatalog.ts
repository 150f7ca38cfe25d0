// Catalog entries of providers built around their control plane: nested clusters and Sidero (Talos).
import type { ProviderEntry } from '../providerEntry';
import { infra, controlPlane, github } from './catalogParts';

export const nestedProvider: ProviderEntry = {
  id: 'nested',
  title: 'Nested control planes (CAPN)',
  tier: 2,
  upstream: github('kubernetes-sigs/cluster-api-provider-nested', 'v0.1.0'),
  infrastructureCluster: infra('v1alpha4', 'NestedCluster'),
  clusterTypes: {
    nested: {
      controlPlane: controlPlane('v1alpha4', 'NestedControlPlane'),
      components: [
        controlPlane('v1alpha4', 'NestedEtcd'),
        controlPlane('v1alpha4', 'NestedAPIServer'),
        controlPlane('v1alpha4', 'NestedControllerManager'),
      ],
      fields: {},
      requires: [],
      noNodePools:
        'a nested cluster runs its control plane (NestedEtcd, NestedAPIServer, NestedControllerManager) as pods of the management cluster and has no machines',
    },
  },
};

export const sideroProvider: ProviderEntry = {
  id: 'sidero',
  title: 'Sidero bare metal (Talos)',
  tier: 3,
  upstream: github('siderolabs/sidero', 'v0.6.13'),
  infrastructureCluster: infra('v1alpha3', 'MetalCluster'),
  machineTemplate: infra('v1alpha3', 'MetalMachineTemplate'),
  clusterTypes: {
    talos: {
      // siderolabs/cluster-api-control-plane-provider-talos v0.5.12
      controlPlane: controlPlane('v1alpha3', 'TalosControlPlane'),
      fields: {
        'providerSpec.sidero.serverClass':
          'MetalMachineTemplate spec.template.spec.serverClassRef.name (default any)',
      },
      requires: [],
      noNodePools:
        "worker machines need the Talos bootstrap provider's TalosConfigTemplate, which Arlon does not render yet; this type builds the control plane",
    },
  },
};
