// Cluster spec checks: a known provider and cluster type, its fields, and sound node pools.
import type { SourceDocument } from '../../model/parseDocuments';
import type { ClusterSpecSpec } from '../../model/types';
import { findProvider, PROVIDERS } from '../../providers/catalog';
import {
  providerFieldProblems,
  removedProvider,
} from '../../providers/providerFields';
import { Problem } from '../Problem';
import { at } from './FleetCheck';

/**
 * Checks a cluster spec found at `base` in `source`: a ClusterSpec's `spec`,
 * or the frozen copy in a cloned cluster's `spec.clonedFrom.spec`.
 */
export function clusterSpecProblems(
  spec: ClusterSpecSpec,
  source: SourceDocument,
  base: PropertyKey[],
): Problem[] {
  const problems: Problem[] = [];
  const provider = findProvider(spec.provider);
  const removed = provider ? undefined : removedProvider(spec.provider);
  if (removed) {
    problems.push(
      at(source, [...base, 'provider'], removed.message, removed.hint),
    );
  } else if (!provider) {
    problems.push(
      at(
        source,
        [...base, 'provider'],
        `unknown provider "${spec.provider}"`,
        `Use one of ${PROVIDERS.map(p => p.id).join(
          ', ',
        )} (see \`arlon providers\`).`,
      ),
    );
  } else {
    const type = provider.clusterTypes[spec.type];
    if (!type) {
      problems.push(
        at(
          source,
          [...base, 'type'],
          `provider "${spec.provider}" has no cluster type "${spec.type}"`,
          `Use one of ${Object.keys(provider.clusterTypes).join(', ')}.`,
        ),
      );
    } else {
      // Each at its field's line (or the nearest line above a missing one).
      for (const p of providerFieldProblems(spec, provider, spec.type, type))
        problems.push(at(source, [...base, ...p.path], p.message, p.hint));
    }
  }
  problems.push(...nodePoolProblems(spec, source, base));
  return problems;
}

function nodePoolProblems(
  spec: ClusterSpecSpec,
  source: SourceDocument,
  base: PropertyKey[],
): Problem[] {
  const problems: Problem[] = [];
  const provider = findProvider(spec.provider);
  const workerless = !!provider?.clusterTypes[spec.type]?.noNodePools;
  if (spec.nodePools.length === 0 && !workerless) {
    problems.push(
      at(
        source,
        [...base, 'nodePools'],
        'a cluster spec needs at least one node pool',
        'Add a pool with name, machineType and replicas.',
      ),
    );
  }
  const names = new Set<string>();
  spec.nodePools.forEach((pool, i) => {
    if (names.has(pool.name))
      problems.push(
        at(
          source,
          [...base, 'nodePools', i, 'name'],
          `node pool "${pool.name}" is defined twice`,
          'Give each pool its own name.',
        ),
      );
    names.add(pool.name);
    if (pool.autoscaling && pool.autoscaling.min > pool.autoscaling.max) {
      problems.push(
        at(
          source,
          [...base, 'nodePools', i, 'autoscaling', 'min'],
          `autoscaling min (${pool.autoscaling.min}) is above max (${pool.autoscaling.max})`,
          'Make min at most max.',
        ),
      );
    }
    if (
      pool.autoscaling &&
      (pool.replicas < pool.autoscaling.min ||
        pool.replicas > pool.autoscaling.max)
    ) {
      problems.push(
        at(
          source,
          [...base, 'nodePools', i, 'replicas'],
          `replicas (${pool.replicas}) is outside autoscaling min..max (${pool.autoscaling.min}..${pool.autoscaling.max})`,
          'Start the pool within its autoscaling range.',
        ),
      );
    }
  });
  return problems;
}
