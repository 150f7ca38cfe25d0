import { upstreamCrd, upstreamVersion } from './crds';
import { admitCustomResource } from './schema';

/** Groups of Kubernetes' built-in kinds: no CRD describes them (the sandbox's built-in defaults and checks cover those it serves). */
const BUILTIN_GROUPS = new Set([
  '',
  'apps',
  'batch',
  'rbac.authorization.k8s.io',
  'networking.k8s.io',
  'apiextensions.k8s.io',
  'policy',
  'storage.k8s.io',
  'admissionregistration.k8s.io',
]);

/**
 * How one object fares against the CRDs upstream publishes, as a real
 * management cluster would take it: each string names the kind, the field
 * path and the rule (`KubeadmControlPlane spec.version: Required value`).
 */
export function upstreamViolations(object: any): string[] {
  const apiVersion: string = object?.apiVersion ?? '';
  const kind: string = object?.kind ?? '';
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
  if (BUILTIN_GROUPS.has(group)) return [];
  const served = upstreamVersion(apiVersion, kind);
  if (!served) {
    const crd = upstreamCrd(group, kind);
    if (!crd)
      return [`${kind} (${apiVersion}): no upstream CRD defines this kind`];
    return [
      `${kind} (${apiVersion}): version not served upstream (served: ${crd.spec.versions
        .map((v: any) => v.name)
        .join(', ')})`,
    ];
  }
  const result = admitCustomResource(object, served.schema);
  return [
    ...result.unknownFields.map(
      f =>
        `${kind} ${f}: unknown field (pruned by the API server, refused under fieldValidation=Strict)`,
    ),
    ...result.violations.map(v => `${kind} ${v.field}: ${v.message}`),
  ];
}
