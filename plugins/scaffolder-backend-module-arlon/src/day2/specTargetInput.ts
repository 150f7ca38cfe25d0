import { InputError } from '@backstage/errors';
import { checkDefinitionName } from '@arlon-backstage/plugin-arlon-common';
import { nameOf } from '../actions/names';
import type { SpecTarget } from './specTarget';

/**
 * The `clusterSpec` or `cluster` input of a day-2 action (a name or the
 * entity ref a picker gives): exactly one, a string, a valid definition
 * name, before the repository is read.
 */
export function specTargetOf(input: {
  clusterSpec?: unknown;
  cluster?: unknown;
}): SpecTarget {
  const given = (['clusterSpec', 'cluster'] as const).filter(
    field => input[field] !== undefined && input[field] !== '',
  );
  if (given.length !== 1)
    throw new InputError(
      'Name what to change either by "clusterSpec" (a cluster spec, and so its linked clusters) or by "cluster" (a cloned cluster), exactly one of them',
    );
  const [field] = given;
  const value = input[field];
  if (typeof value !== 'string')
    throw new InputError(
      `"${field}" must be a name or an entity ref, not ${
        Array.isArray(value) ? 'a list' : typeof value
      }`,
    );
  const kind = field === 'clusterSpec' ? 'ClusterSpec' : 'Cluster';
  try {
    return { kind, name: checkDefinitionName(nameOf(kind, value), field) };
  } catch (error) {
    throw new InputError((error as Error).message);
  }
}
