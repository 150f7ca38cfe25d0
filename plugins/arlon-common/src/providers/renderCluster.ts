import type { ClusterSpecSpec } from '../model/types';
import { findProvider } from './catalog';
import { capiCluster } from './capi/core';
import { CapiVersion, DEFAULT_CAPI_VERSION } from './capi/version';
import { infrastructureClusterSpec } from './infrastructure';
import { apiVersionOf } from './infrastructure/types';
import type { ClusterForm } from './render/ClusterForm';
import { renderKubeadm } from './render/kubeadm';
import { renderManaged } from './render/managed';
import { renderTopology } from './render/topology';

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

  const form: ClusterForm = {
    name,
    spec,
    provider,
    type,
    capiVersion,
    meta,
    clusterNetwork,
    infraCluster: type.infrastructureCluster ?? provider.infrastructureCluster,
  };
  // One form per kind of cluster, each in its own file under render/.
  if (type.clusterClass) return renderTopology(form, type.clusterClass.name);
  return [
    capiCluster(
      capiVersion,
      meta(name),
      clusterNetwork,
      form.infraCluster,
      type.controlPlane,
    ),
    {
      apiVersion: apiVersionOf(form.infraCluster),
      kind: form.infraCluster.kind,
      metadata: meta(name),
      spec: infrastructureClusterSpec(provider, spec),
    },
    ...(type.controlPlane.kind === 'KubeadmControlPlane'
      ? renderKubeadm(form)
      : renderManaged(form)),
  ];
}
