// What every fleet rule is given: the definitions so far, and how to point a problem at a field.
import type { Fleet } from '../../model/Fleet';
import type { SourceDocument } from '../../model/parseDocuments';
import type { ArlonKind } from '../../model/types';
import { formatFieldPath, Problem } from '../Problem';

/** Makes a problem located at `path` inside `source`. */
export type At = (
  source: SourceDocument,
  path: PropertyKey[],
  message: string,
  hint?: string,
) => Problem;

export const at: At = (source, path, message, hint) => ({
  file: source.file,
  ...source.locate(path),
  field: formatFieldPath(path),
  message,
  hint,
});

/** The state the reference rules read: valid definitions and the names of broken ones. */
export interface FleetCheck {
  fleet: Fleet;
  /**
   * A definition that exists but is broken: references to it are not reported
   * again (the definition's own problems say what is wrong).
   */
  isBroken(kind: ArlonKind, name: string): boolean;
  /** Collects what is worth saying but holds nothing (a library read from its last known good commit). */
  warnings?: Problem[];
}
