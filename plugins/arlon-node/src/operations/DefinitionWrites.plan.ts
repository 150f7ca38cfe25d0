import { isDeepStrictEqual } from 'node:util';
import { ConflictError, NotFoundError } from '@backstage/errors';
import {
  ArlonKind,
  ArlonObject,
  definitionViews,
  FleetEdit,
} from '@arlon-backstage/plugin-arlon-common';
import { stringify } from 'yaml';

/**
 * What a definition write does: create (must not exist), update or delete (must exist).
 *
 * @public
 */
export type DefinitionOp = 'create' | 'update' | 'delete';

/**
 * Whether an existing definition counts as the one a create asks for.
 *
 * @public
 */
export type SameDefinition = (
  existing: ArlonObject,
  wanted: ArlonObject,
) => boolean;

/**
 * The edit of one create, update or delete on the head it is planned on.
 * A create of a name that is taken is a conflict whatever the content: the
 * REST client that sent it can update instead (PUT).
 */
export function planDefinitionWrite(
  files: Record<string, string>,
  op: DefinitionOp,
  kind: ArlonKind,
  name: string,
  yaml: string | undefined,
): FleetEdit[] {
  const current = findDefinition(files, kind, name);
  if (op === 'create' && current)
    throw new ConflictError(
      `A ${kind} named "${name}" already exists; update it instead`,
    );
  if (op !== 'create' && !current)
    throw new NotFoundError(
      `No ${kind} named "${name}" in the fleet repository`,
    );
  if (op === 'delete') return [{ op: 'delete', kind, name }];
  return [{ op: 'put', kind, name, yaml: yaml! }];
}

/**
 * The edit of a create that may run again (a software template's step):
 * the same definition already there is no edit, so a second run is neither
 * an error nor a second commit; a different one under that name is a
 * conflict naming its file (a template has no update to offer instead).
 */
export function planCreateOnce(
  files: Record<string, string>,
  object: ArlonObject,
  /** Default: deep equality. */
  same: SameDefinition = isDeepStrictEqual,
): FleetEdit[] {
  const { kind } = object;
  const { name } = object.metadata;
  const current = findDefinition(files, kind, name);
  if (!current) return [{ op: 'put', kind, name, yaml: stringify(object) }];
  if (same(current.definition, object)) return [];
  throw new ConflictError(
    `A ${kind} named "${name}" already exists (${current.file}) with different content; choose another name, or edit that file`,
  );
}

/** A definition of the head, or undefined. */
export function findDefinition(
  files: Record<string, string>,
  kind: ArlonKind,
  name: string,
) {
  return definitionViews(files).find(v => v.kind === kind && v.name === name);
}
