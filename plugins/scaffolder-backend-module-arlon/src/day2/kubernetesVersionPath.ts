import { KUBERNETES_VERSION } from '@arlon-backstage/plugin-arlon-common';

/** A Kubernetes release as its three numbers. */
export interface KubernetesVersion {
  major: number;
  minor: number;
  patch: number;
}

/** Longer than any real version: a bound before the pattern runs on user input. */
const MAX_VERSION_LENGTH = 32;

/** `v1.30.2` as numbers, or undefined when it is not a full Kubernetes version. */
export function parseKubernetesVersion(
  value: unknown,
): KubernetesVersion | undefined {
  if (
    typeof value !== 'string' ||
    value.length > MAX_VERSION_LENGTH ||
    !KUBERNETES_VERSION.test(value)
  )
    return undefined;
  const [major, minor, patch] = value.slice(1).split('.').map(Number);
  if (![major, minor, patch].every(Number.isSafeInteger)) return undefined;
  return { major, minor, patch };
}

const show = (v: KubernetesVersion) => `v${v.major}.${v.minor}.${v.patch}`;

/**
 * Why moving a cluster from `from` to `to` is not an upgrade Kubernetes and
 * Cluster API allow, or undefined when it is (or is no change). Kubernetes'
 * version-skew policy lets a control plane move one minor version at a time
 * and never back (etcd's schema and the API's storage versions only move
 * forward); KubeadmControlPlane and the managed control planes refuse the
 * rest, often only after a half-done rollout, so it is refused here first.
 */
export function kubernetesUpgradeProblem(
  from: string,
  to: string,
): string | undefined {
  const next = parseKubernetesVersion(to);
  if (!next)
    return `"${
      to.length > MAX_VERSION_LENGTH
        ? `${to.slice(0, MAX_VERSION_LENGTH)}…`
        : to
    }" is not a Kubernetes version: write the full version with a leading v, e.g. v1.31.2`;
  const now = parseKubernetesVersion(from);
  // A definition the fleet accepted has a valid version; an unreadable one
  // has nothing to compare against, and validation reports it by its line.
  if (!now)
    return `the current version "${from}" is not a Kubernetes version; fix it in Git first`;
  if (next.major !== now.major)
    return `${show(now)} → ${show(
      next,
    )} changes the major version, which Kubernetes has no upgrade path for`;
  if (
    next.minor < now.minor ||
    (next.minor === now.minor && next.patch < now.patch)
  )
    return `${show(now)} → ${show(
      next,
    )} is a downgrade: Kubernetes does not support downgrading a control plane; build a new cluster at the older version instead`;
  if (next.minor > now.minor + 1)
    return `${show(now)} → ${show(next)} skips ${
      next.minor - now.minor - 1 === 1
        ? `v${now.major}.${now.minor + 1}`
        : `v${now.major}.${now.minor + 1} to v${now.major}.${next.minor - 1}`
    }: a control plane moves one minor version at a time (Kubernetes' version-skew policy); upgrade to v${
      now.major
    }.${now.minor + 1}.x first`;
  return undefined;
}
