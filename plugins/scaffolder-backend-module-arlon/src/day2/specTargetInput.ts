import { InputError } from '@backstage/errors';
import {
  type ArlonKind,
  checkDefinitionName,
} from '@arlon-backstage/plugin-arlon-common';
import { nameOf } from '../actions/names';
import type { SpecTarget } from './specTarget';

/** `[kind:][namespace/]name`, as entity pickers give it. */
const ENTITY_REF =
  /^(?:[A-Za-z][A-Za-z0-9-]{0,62}:)?(?:[a-z0-9][-a-z0-9]{0,62}\/)?[a-z0-9][-a-z0-9]{0,252}$/;

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
  const kind = field === 'clusterSpec' ? 'ClusterSpec' : 'Cluster';
  return { kind, name: definitionNameInput(kind, field, input[field]) };
}

/**
 * A definition named by an input (a name, or the entity ref a picker
 * gives): a string, ref-shaped when it has a "/" or ":" (the ref's last
 * segment is taken as the name, so a path such as ../clusterspecs/x is
 * refused rather than cut short), and a valid definition name.
 */
export function definitionNameInput(
  kind: ArlonKind,
  field: string,
  value: unknown,
): string {
  if (typeof value !== 'string')
    throw new InputError(
      `"${field}" must be a name or an entity ref, not ${
        Array.isArray(value) ? 'a list' : typeof value
      }`,
    );
  if (/[:/]/.test(value) && !ENTITY_REF.test(value))
    throw new InputError(
      `"${field}" must be a name or an entity ref such as resource:default/<name>, not ${JSON.stringify(
        value.length > 80 ? `${value.slice(0, 80)}…` : value,
      )}`,
    );
  try {
    return checkDefinitionName(nameOf(kind, value), field);
  } catch (error) {
    throw new InputError((error as Error).message);
  }
}
