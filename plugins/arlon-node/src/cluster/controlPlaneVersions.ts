import type { ClusterStatus } from '@arlon-backstage/plugin-arlon-common';

type Versions = NonNullable<
  NonNullable<ClusterStatus['capi']>['controlPlaneVersions']
>;

/** Cluster API allows 32 entries; more is not Cluster API's answer. */
const MAX_ENTRIES = 32;
/** The CRD's maxLength for a version. */
const MAX_VERSION_LENGTH = 256;

/**
 * The control plane's Kubernetes versions from a CAPI Cluster's status, read
 * at v1beta1 (`status.v1beta2.controlPlane.versions`) or v1beta2
 * (`status.controlPlane.versions`), Cluster API v1.14's StatusVersion list
 * (older first). Undefined when the Cluster reports none, or reports
 * something that is not that list: a status is data from the management
 * cluster, so a wrong shape is left out rather than shown.
 */
export function controlPlaneVersionsOf(status: unknown): Versions | undefined {
  const s = status as any;
  const versions =
    s?.v1beta2?.controlPlane?.versions ?? s?.controlPlane?.versions;
  if (
    !Array.isArray(versions) ||
    versions.length === 0 ||
    versions.length > MAX_ENTRIES
  )
    return undefined;
  const out: Versions = [];
  for (const entry of versions) {
    const version = entry?.version;
    const replicas = entry?.replicas;
    if (
      typeof version !== 'string' ||
      version.length === 0 ||
      version.length > MAX_VERSION_LENGTH
    )
      return undefined;
    if (
      replicas !== undefined &&
      (!Number.isSafeInteger(replicas) || replicas < 0)
    )
      return undefined;
    out.push(replicas === undefined ? { version } : { version, replicas });
  }
  return out;
}
