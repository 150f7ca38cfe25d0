// The provider catalog: which Cluster API providers a cluster spec may name, and lookups over it.
import type { KindRef, ProviderEntry } from './providerEntry';
import { awsProvider } from './infrastructure/awsCatalog';
import {
  azureProvider,
  azureStackHciProvider,
} from './infrastructure/azureCatalog';
import { gcpProvider } from './infrastructure/gcpCatalog';
import {
  vsphereProvider,
  openstackProvider,
  metal3Provider,
  kubevirtProvider,
  dockerProvider,
  maasProvider,
  byohProvider,
} from './infrastructure/onPremisesCatalog';
import {
  digitaloceanProvider,
  ibmcloudProvider,
  equinixProvider,
  hetznerProvider,
} from './infrastructure/cloudsCatalog';
import {
  nestedProvider,
  sideroProvider,
} from './infrastructure/controlPlanesCatalog';

// The entry types and API groups live in providerEntry.ts; callers import them from here.
export {
  BOOTSTRAP_GROUP,
  CAPI_GROUP,
  CONTROL_PLANE_GROUP,
  GENERIC_FIELDS,
  INFRA_GROUP,
} from './providerEntry';
export type {
  ClusterTypeEntry,
  KindRef,
  ProviderEntry,
  SpecPath,
} from './providerEntry';

/**
 * Cluster API infrastructure providers, by tier: tier 1 renders complete
 * clusters, tiers 2 and 3 at least Cluster, infrastructure cluster and control
 * plane. Kinds are each provider's storage version at `upstream.release`;
 * `fields` say where each spec field lands, `requires` what the CRDs require
 * (docs/fleet-repository.md has the same table for people).
 */
export const PROVIDERS: ProviderEntry[] = [
  awsProvider,
  azureProvider,
  gcpProvider,
  vsphereProvider,
  openstackProvider,
  metal3Provider,
  kubevirtProvider,
  dockerProvider,
  azureStackHciProvider,
  digitaloceanProvider,
  ibmcloudProvider,
  equinixProvider,
  nestedProvider,
  maasProvider,
  byohProvider,
  sideroProvider,
  hetznerProvider,
];

/**
 * Providers the catalog once listed and no maintained Cluster API provider
 * publishes (checked upstream, docs/fleet-repository.md): a spec naming one
 * is told so, and what to do instead.
 */
export const REMOVED_PROVIDERS: Record<string, string> = {
  exoscale:
    'exoscale/cluster-api-provider-exoscale stopped in 2019 at the v1alpha1 providerSpec API (no ExoscaleCluster kind, no release for Cluster API v1beta1)',
  baiducloud:
    'baidu/cluster-api-provider-baiducloud stopped in 2018 at the v1alpha1 providerConfig API and never published BCCCluster or BCCMachineTemplate',
  alibabacloud:
    'no Cluster API provider publishes AlibabaCloudCluster; AliyunContainerService/cluster-api-provider-alibabacloud is an OpenShift Machine API provider (machine.openshift.io)',
  tencentcloud:
    'no Cluster API provider publishes TencentCloudCluster; TencentCloud/cluster-api-provider-tencent has only an unreleased TKECluster experiment (last change 2022)',
};

export function findProvider(id: string): ProviderEntry | undefined {
  return PROVIDERS.find(p => p.id === id);
}

/**
 * The plural Kubernetes resource name of a kind, as the provider CRDs spell it
 * (`AWSCluster` → `awsclusters`, `MachineClass` → `machineclasses`), so CRD
 * names (`<plural>.<group>`) can be derived from the catalog.
 */
export function crdPlural(kind: string): string {
  const lower = kind.toLowerCase();
  if (/(s|x|ch|sh)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}

/** The provider's machine template kind; only providers with machines are asked (validation keeps the others out). */
export function machineTemplateOf(provider: ProviderEntry): KindRef {
  if (!provider.machineTemplate)
    throw new Error(`provider "${provider.id}" has no machines`);
  return provider.machineTemplate;
}
