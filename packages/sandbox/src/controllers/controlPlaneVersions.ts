/**
 * A simulated control plane's machines, as Cluster API reports them: the
 * Kubernetes versions its machines run, each with how many run it
 * (`status.versions`, Cluster API v1.14's StatusVersion), ordered from the
 * older to the newer version as the control-plane contract requires
 * (docs/book/src/developer/providers/contracts/control-plane.md). The
 * deprecated `status.version` is the minimum: the first entry.
 */

/** How many machines run one Kubernetes version (no count for a managed control plane). */
export interface StatusVersion {
  version: string;
  replicas?: number;
}

/**
 * What the control plane is asked to be: `spec.version` and `spec.replicas`.
 * A managed control plane (EKS, AKS, GKE) has no replicas: the cloud
 * upgrades it as a whole.
 */
export interface DesiredControlPlane {
  version: string;
  replicas?: number;
}

/** `v1.30.2` (or `1.30.2-rc.0`) as numbers; undefined when unreadable. */
function parts(version: string): number[] | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** Semantic order; unreadable versions sort before readable ones, then by text. */
export function compareVersions(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  if (pa && pb) {
    for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
    return a.localeCompare(b);
  }
  if (pa) return 1;
  if (pb) return -1;
  return a.localeCompare(b);
}

/** Machines counted by version: every entry has its count. */
type CountedVersion = Required<StatusVersion>;

function normalized(machines: Map<string, number>): CountedVersion[] {
  return [...machines.entries()]
    .filter(([, replicas]) => replicas > 0)
    .map(([version, replicas]) => ({ version, replicas }))
    .sort((a, b) => compareVersions(a.version, b.version));
}

/** True when every machine runs the desired version and there are as many as desired. */
export function isRolledOut(
  current: readonly StatusVersion[],
  desired: DesiredControlPlane,
): boolean {
  return (
    current.length === 1 &&
    current[0].version === desired.version &&
    current[0].replicas === desired.replicas
  );
}

/**
 * The machines after one more step of a rollout, as KubeadmControlPlane
 * rolls (RollingUpdate, maxSurge 1): a machine at the desired version
 * replaces one at the oldest other version; with none left to replace, one
 * machine is added or removed towards the desired count. A rolled-out
 * control plane is returned unchanged.
 */
export function rolloutStep(
  current: readonly StatusVersion[],
  desired: DesiredControlPlane,
): StatusVersion[] {
  if (desired.replicas === undefined) return [{ version: desired.version }];
  const machines = new Map<string, number>();
  for (const { version, replicas } of current)
    machines.set(version, (machines.get(version) ?? 0) + (replicas ?? 0));
  const total = [...machines.values()].reduce((a, b) => a + b, 0);
  const outdated = normalized(machines).find(
    v => v.version !== desired.version,
  );
  const atDesired = machines.get(desired.version) ?? 0;
  if (outdated) {
    machines.set(outdated.version, outdated.replicas - 1);
    // Scaling down while rolling: the old machine goes without a new one.
    if (total <= desired.replicas) machines.set(desired.version, atDesired + 1);
  } else if (atDesired < desired.replicas)
    machines.set(desired.version, atDesired + 1);
  else if (atDesired > desired.replicas)
    machines.set(desired.version, atDesired - 1);
  return normalized(machines);
}

/**
 * The control plane's part of a v1beta2 Cluster's status
 * (`status.controlPlane`, ClusterControlPlaneStatus), for simulated
 * machines that are all ready and available once created.
 */
export function controlPlaneStatus(
  versions: readonly StatusVersion[],
  desired: DesiredControlPlane,
): Record<string, unknown> {
  // Upstream leaves the counters empty for a control plane that has no replicas.
  if (desired.replicas === undefined)
    return { versions: versions.map(v => ({ ...v })) };
  const replicas = versions.reduce((n, v) => n + (v.replicas ?? 0), 0);
  const upToDate =
    versions.find(v => v.version === desired.version)?.replicas ?? 0;
  return {
    desiredReplicas: desired.replicas,
    replicas,
    upToDateReplicas: upToDate,
    readyReplicas: replicas,
    availableReplicas: replicas,
    ...(versions.length ? { versions: versions.map(v => ({ ...v })) } : {}),
  };
}

/** `status.controlPlane.versions` as written, or undefined when absent or not in that shape. */
export function reportedVersions(status: any): StatusVersion[] | undefined {
  const versions = status?.controlPlane?.versions;
  if (!Array.isArray(versions)) return undefined;
  const out: StatusVersion[] = [];
  for (const v of versions) {
    if (
      typeof v?.version !== 'string' ||
      (v.replicas !== undefined &&
        (!Number.isSafeInteger(v.replicas) || v.replicas < 0))
    )
      return undefined;
    out.push(
      v.replicas === undefined
        ? { version: v.version }
        : { version: v.version, replicas: v.replicas },
    );
  }
  return out;
}
