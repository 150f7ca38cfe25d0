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

/**
 * Pure: a parsed document as plain data, with aliases expanded under a bound.
 * A "billion laughs" document is a few hundred bytes that expands into
 * gigabytes; the yaml library stops it with a ReferenceError, which would
 * otherwise surface as a 500. This turns it into a YamlAliasError that says
 * where (`where`: the file, or "the body") and what to do.
 */
export function documentData(doc: Document, where: string): unknown {
  try {
    return doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    if (isAliasBomb(error)) throw new YamlAliasError(where);
    throw error;
  }
}
