import type { ArlonKind } from '../model/types';
import type { Problem } from '../validation/Problem';
import type { FileChange } from './common';

/**
 * `GET /:kind/:name/source`: a definition's file as the fleet repository's
 * head holds it, for the portal's YAML editor. `etag` goes back in the
 * `If-Match` header of the update (`PUT /:kind/:name`), so a change someone
 * else committed to the file meanwhile is a 409, never overwritten.
 *
 * @public
 */
export interface DefinitionSource {
  kind: ArlonKind;
  name: string;
  /** Path in the fleet repository, e.g. `arlon/clusterspecs/aws-eks.yaml`. */
  file: string;
  /** The head commit the text was read at. */
  commit: string;
  /** The file's text, comments and all. */
  yaml: string;
  /** Names this text of the file: a quoted hash, as HTTP's ETag. */
  etag: string;
  /** Whether the caller may update it (the same policy, owner included, as the update). */
  editable: boolean;
  /** Why not, when not editable: what to do about it. */
  readOnlyReason?: string;
}

/**
 * `POST /:kind/:name/check`: the update a text would be, validated against
 * the whole fleet and compiled, nothing written (the editor's as-you-type
 * check and its commit preview).
 *
 * @public
 */
export interface DefinitionCheck {
  /** The head commit it was checked on (absent when it has problems). */
  parent?: string;
  /** Whether the update would be accepted as it is. */
  valid: boolean;
  /** Every problem, in the edited file and in others (an unknown reference, a name collision). */
  problems: Problem[];
  /** The files the update would commit: the definition and the generated files that change. */
  files: FileChange[];
  /** The clusters whose generated files change (a cluster spec's linked clusters), by name. */
  clusters: string[];
}
