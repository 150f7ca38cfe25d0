// Builders the provider catalog entries are written with: kinds at a group, kubeadm cluster types, upstream links.
import {
  CONTROL_PLANE_GROUP,
  INFRA_GROUP,
  KindRef,
  SpecPath,
  ClusterTypeEntry,
} from '../providerEntry';

export const infra = (version: string, kind: string): KindRef => ({
  group: INFRA_GROUP,
  version,
  kind,
});
export const controlPlane = (version: string, kind: string): KindRef => ({
  group: CONTROL_PLANE_GROUP,
  version,
  kind,
});
/** Kubeadm's control plane; its version follows Cluster API's (capi/core.ts). */
const kubeadmControlPlane: KindRef = controlPlane(
  'v1beta1',
  'KubeadmControlPlane',
);
export const kubeadm = (
  fields: Record<SpecPath, string>,
  requires: SpecPath[],
  clusterClass?: ClusterTypeEntry['clusterClass'],
): ClusterTypeEntry => ({
  controlPlane: kubeadmControlPlane,
  fields,
  requires,
  clusterClass,
});
export const github = (repo: string, release: string) => ({
  repository: `https://github.com/${repo}`,
  release,
});
