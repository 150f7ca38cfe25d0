import type { KubeObject } from '../providers/renderCluster';

/**
 * Built-in kinds that are cluster-scoped, by `group/Kind`: for comparisons
 * where no API server can be asked (files, rendered definitions).
 */
const CLUSTER_SCOPED = new Set([
  '/Namespace',
  '/Node',
  '/PersistentVolume',
  '/ComponentStatus',
  'rbac.authorization.k8s.io/ClusterRole',
  'rbac.authorization.k8s.io/ClusterRoleBinding',
  'apiextensions.k8s.io/CustomResourceDefinition',
  'apiregistration.k8s.io/APIService',
  'admissionregistration.k8s.io/MutatingWebhookConfiguration',
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding',
  'storage.k8s.io/StorageClass',
  'storage.k8s.io/CSIDriver',
  'storage.k8s.io/CSINode',
  'storage.k8s.io/VolumeAttachment',
  'scheduling.k8s.io/PriorityClass',
  'node.k8s.io/RuntimeClass',
  'networking.k8s.io/IngressClass',
  'certificates.k8s.io/CertificateSigningRequest',
  'flowcontrol.apiserver.k8s.io/FlowSchema',
  'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration',
]);

// A manifest from Git may hold anything there (`apiVersion: {}`): only a string has a group.
export const groupOf = (apiVersion: string | undefined) =>
  typeof apiVersion === 'string' && apiVersion.includes('/')
    ? apiVersion.split('/')[0]
    : '';

/**
 * Whether a kind is namespaced, without an API server: CRDs among `objects`
 * say for their own kinds, built-in kinds are known, anything else is
 * assumed namespaced (as most custom resources are).
 */
export function scopeFromObjects(
  objects: Partial<KubeObject>[],
): (group: string, kind: string) => boolean {
  const custom = new Map<string, boolean>();
  for (const o of objects) {
    const spec = (o as any).spec;
    if (
      o.kind === 'CustomResourceDefinition' &&
      typeof spec?.group === 'string' &&
      typeof spec.names?.kind === 'string'
    )
      custom.set(`${spec.group}/${spec.names.kind}`, spec.scope !== 'Cluster');
  }
  return (group, kind) => {
    // A manifest from Git may hold a mapping as its kind (`kind: {}`), which
    // has no text to look up: namespaced, as any kind not known here.
    if (typeof group !== 'string' || typeof kind !== 'string') return true;
    return (
      custom.get(`${group}/${kind}`) ?? !CLUSTER_SCOPED.has(`${group}/${kind}`)
    );
  };
}
