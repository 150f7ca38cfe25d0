import type { Document } from 'yaml';

/** Alias expansions one document may make (the yaml library's own default). */
export const MAX_YAML_ALIASES = 100;

/** What to tell whoever sent a document whose aliases expand too far. */
export const ALIAS_BOMB_MESSAGE = `YAML aliases expand too far (more than ${MAX_YAML_ALIASES} expansions in one document; an alias bomb such as "billion laughs" looks like this)`;
export const ALIAS_BOMB_HINT =
  'Write the repeated values out, or use fewer anchors (&) and aliases (*).';

/** A document whose aliases would expand into more data than it is sane to build. */
export class YamlAliasError extends Error {
  constructor(readonly where: string) {
    super(`${where}: ${ALIAS_BOMB_MESSAGE}. ${ALIAS_BOMB_HINT}`);
    this.name = 'YamlAliasError';
  }
}

/** Whether `error` is the yaml library refusing to expand an alias bomb. */
export function isAliasBomb(error: unknown): boolean {
  return (
    error instanceof YamlAliasError ||
    (error instanceof ReferenceError && /alias/i.test(error.message))
  );
}

/** What to tell whoever sent a document whose anchor holds an alias of itself. */
export const ALIAS_CYCLE_MESSAGE =
  'a YAML anchor (&) holds an alias (*) of itself, so its data never ends';
export const ALIAS_CYCLE_HINT =
  'Remove the alias inside its own anchor; Kubernetes refuses such YAML too ("anchor value contains itself").';

/** A document whose data would contain itself (`a: &a [*a]`). */
export class YamlAliasCycleError extends Error {
  constructor(readonly where: string) {
    super(`${where}: ${ALIAS_CYCLE_MESSAGE}. ${ALIAS_CYCLE_HINT}`);
    this.name = 'YamlAliasCycleError';
  }
}

/**
 * Whether data built from YAML contains itself. The yaml library builds a
 * recursive alias as a cyclic object, on which every walk of the data
 * (forbidden keys, schemas, JSON) would recurse until the stack overflows.
 */
function containsItself(value: unknown): boolean {
  const done = new Set<object>();
  const path = new Set<object>();
  const visit = (v: unknown): boolean => {
    if (v === null || typeof v !== 'object' || done.has(v)) return false;
    if (path.has(v)) return true;
    path.add(v);
    for (const child of Object.values(v)) if (visit(child)) return true;
    path.delete(v);
    done.add(v);
    return false;
  };
  return visit(value);
}

/**
 * Pure: a parsed document as plain data, with aliases expanded under a bound.
 * A "billion laughs" document is a few hundred bytes that expands into
 * gigabytes; the yaml library stops it with a ReferenceError, which would
 * otherwise surface as a 500. This turns it into a YamlAliasError that says
 * where (`where`: the file, or "the body") and what to do.
 */
export function documentData(doc: Document, where: string): unknown {
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    if (isAliasBomb(error)) throw new YamlAliasError(where);
    throw error;
  }
  if (containsItself(data)) throw new YamlAliasCycleError(where);
  return data;
}
