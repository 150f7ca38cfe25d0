import { PROFILE_LABEL_PREFIX } from '@arlon-backstage/plugin-arlon-common';

/** A merge patch of labels: a value sets a label, `null` removes it. */
export type LabelPatch = Record<string, string | null>;

/**
 * The labels to patch on a cluster's ArgoCD Secret so that it carries
 * `desired`: missing and changed labels are set, stale profile labels
 * removed, labels that are not profile labels (others') left alone.
 *
 * - `held`: the cluster is held at last known good; its profile labels are
 *   neither added nor removed, since stripping one would make ArgoCD prune
 *   what its bundles deployed.
 * - `deleting`: the cluster is being deleted and keeps its profile labels
 *   off, held or not (clusterDeletion.ts).
 *
 * Returns undefined when the Secret already carries what it should.
 */
export function profileLabelPatch(
  current: Readonly<Record<string, string>>,
  desired: Readonly<Record<string, string>>,
  { held, deleting }: { held: boolean; deleting: boolean },
): LabelPatch | undefined {
  const isProfileLabel = (key: string) => key.startsWith(PROFILE_LABEL_PREFIX);
  const hold = held && !deleting;
  const patch: LabelPatch = {};
  for (const [key, value] of Object.entries(desired)) {
    if (isProfileLabel(key) && (deleting || hold)) continue;
    if (current[key] !== value) patch[key] = value;
  }
  if (!hold)
    for (const key of Object.keys(current))
      if (isProfileLabel(key) && (deleting || !Object.hasOwn(desired, key)))
        patch[key] = null;
  return Object.keys(patch).length ? patch : undefined;
}
