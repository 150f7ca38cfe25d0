import { rolloutOf } from './rollout';
import { upgradeOrder } from './upgradeOrder';
import type { ResolvedTarget, SpecBody } from './specTarget';

/**
 * What an upgrade does, for the review: the versions, how Cluster API
 * carries it out (or that nothing it renders changes), and which
 * clusters wait for someone to ask: each of those must be updated before
 * the next minor upgrade, or it would skip a version when it finally is.
 */
export function upgradeLines(
  resolved: ResolvedTarget,
  next: SpecBody,
  to: string,
): string[] {
  const { body, target, clusters, manual } = resolved;
  if (body.kubernetesVersion === to)
    return [`${target.kind} ${target.name} is at ${to} already`];
  const cluster = clusters[0] ?? target.name;
  const rollout = rolloutOf(cluster, body, next);
  return [
    `${target.kind} ${target.name}: Kubernetes ${
      body.kubernetesVersion
    } → ${to}; ${upgradeOrder(cluster, next)}`,
    ...(rollout.length
      ? rollout
      : [
          'No rendered Cluster API object changes: the provider does not take this version change',
        ]),
    ...(manual.length
      ? [
          `Manual update policy: ${manual.join(
            ', ',
          )} get this only when someone updates them; update each before the next minor upgrade, or it would skip a version`,
        ]
      : []),
  ];
}
