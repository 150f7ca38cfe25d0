import type { ProviderSpec } from '../providers/providerSpec';

/** The four kinds of the fleet repository, `apiVersion: core.arlon.io/v1`. */

export const ARLON_API_VERSION = 'core.arlon.io/v1';
export const ARLON_KINDS = [
  'Bundle',
  'Profile',
  'ClusterSpec',
  'Cluster',
] as const;
export type ArlonKind = (typeof ARLON_KINDS)[number];

/** A parameter value: what Helm values and ArgoCD parameters can carry. */
export type ParameterValue = string | number | boolean;
/** Value overrides per bundle: `{ <bundle>: { <parameter>: value } }`. */
export type BundleValues = Record<string, Record<string, ParameterValue>>;
export type UpdatePolicy = 'auto' | 'manual';

export interface ObjectMeta {
  name: string;
  labels?: Record<string, string>;
  /** `arlon.io/owner` names the owning Backstage group or user. */
  annotations?: Record<string, string>;
}

export interface BundleParameter {
  name: string;
  default?: ParameterValue;
  description?: string;
}

/** Manifests in the fleet repository under `bundles/<name>/`. */
export interface InlineSource {
  inline: Record<string, never>;
}

/** Manifests elsewhere in Git: a plain directory, a Kustomization or a Helm chart. */
export interface GitSource {
  git: {
    repoUrl: string;
    path: string;
    revision: string;
    type: 'directory' | 'kustomize' | 'helm';
  };
}

/**
 * A chart from a Helm chart repository (https), at one exact version:
 * ArgoCD's chart source (`repoURL`, `chart`, `targetRevision`).
 */
export interface HelmRepositorySource {
  helmRepository: {
    repoUrl: string;
    chart: string;
    version: string;
  };
}

export type BundleSource = InlineSource | GitSource | HelmRepositorySource;
/** The three ways a bundle names its manifests. */
export type BundleSourceKind = 'inline' | 'git' | 'helmRepository';

/** Which source a (valid) bundle has. */
export function bundleSourceKind(source: BundleSource): BundleSourceKind {
  if ('helmRepository' in source && source.helmRepository)
    return 'helmRepository';
  if ('git' in source && source.git) return 'git';
  return 'inline';
}

export interface Bundle {
  apiVersion: typeof ARLON_API_VERSION;
  kind: 'Bundle';
  metadata: ObjectMeta;
  spec: {
    description?: string;
    tags?: string[];
    source: BundleSource;
    parameters?: BundleParameter[];
  };
}

export interface Profile {
  apiVersion: typeof ARLON_API_VERSION;
  kind: 'Profile';
  metadata: ObjectMeta;
  spec: {
    description?: string;
    tags?: string[];
    /** Arlon's comma-separated string is accepted and normalised to a list. */
    bundles: string[];
    values?: BundleValues;
    updatePolicy?: UpdatePolicy;
  };
}

export interface NodePool {
  name: string;
  /** The provider's machine size (the catalog says which field it becomes); absent where the provider has none. */
  machineType?: string;
  replicas: number;
  autoscaling?: { min: number; max: number };
}

export interface ClusterSpecSpec {
  description?: string;
  tags?: string[];
  /** Key of the provider catalog, e.g. `aws`, `azure`, `docker`. */
  provider: string;
  /** The provider's cluster type, e.g. `kubeadm`, `eks`, `aks`, `gke`. */
  type: string;
  /** `v1.29.4` */
  kubernetesVersion: string;
  region?: string;
  controlPlane?: { replicas?: number; machineType?: string };
  nodePools: NodePool[];
  network?: {
    vpcId?: string;
    podCidrs?: string[];
    serviceCidrs?: string[];
  };
  sshKeyName?: string;
  /** What only one provider has, under its id (providers/providerSpec.ts). */
  providerSpec?: ProviderSpec;
  addons?: string[];
  updatePolicy?: UpdatePolicy;
}

export interface ClusterSpec {
  apiVersion: typeof ARLON_API_VERSION;
  kind: 'ClusterSpec';
  metadata: ObjectMeta;
  spec: ClusterSpecSpec;
}

export interface Cluster {
  apiVersion: typeof ARLON_API_VERSION;
  kind: 'Cluster';
  metadata: ObjectMeta;
  spec: {
    description?: string;
    /** Built by CAPI from this ClusterSpec; absent for an external cluster. */
    clusterSpec?: string;
    /** `linked` follows the spec; `cloned` keeps the frozen copy in `clonedFrom`. */
    mode?: 'linked' | 'cloned';
    clonedFrom?: {
      /** Fleet repository commit the spec was copied at. */
      revision: string;
      spec: ClusterSpecSpec;
    };
    /** An imported cluster, not built by CAPI. */
    external?: {
      /** API server URL as ArgoCD knows it. */
      server: string;
    };
    /**
     * The management cluster (an `arlon.managementClusters[].name`) whose
     * Cluster API builds it; absent, the default management cluster does.
     */
    managementCluster?: string;
    profiles?: string[];
    values?: BundleValues;
    updatePolicy?: UpdatePolicy;
  };
}

export type ArlonObject = Bundle | Profile | ClusterSpec | Cluster;
