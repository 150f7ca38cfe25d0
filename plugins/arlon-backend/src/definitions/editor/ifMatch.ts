import { ConflictError, InputError } from '@backstage/errors';
import type { ArlonKind } from '@arlon-backstage/plugin-arlon-common';
import type { Request } from 'express';
import { sourceEtag, sourceOf } from './sourceOf';

/** One strong entity tag as sourceEtag writes it: a quoted SHA-256. */
const ETAG = /^"[0-9a-f]{64}"$/;

/**
 * The check an update's `If-Match` header asks for, run on every head the
 * write is planned on (FleetDefinitions' `check`, so also after another
 * writer won the push): the definition's file must still be the text the
 * editor was given. Without the header, or with `*` (any current version,
 * which an update needs anyway), nothing more is checked, as before.
 */
export function ifMatchCheck(
  req: Request,
  kind: ArlonKind,
  name: string,
): ((files: Record<string, string>) => void) | undefined {
  const header = req.headers['if-match'];
  if (header === undefined) return undefined;
  const value = String(header).trim();
  if (value === '*') return undefined;
  if (!ETAG.test(value))
    throw new InputError(
      'If-Match must be one etag from GET /:kind/:name/source (a quoted SHA-256), or *',
    );
  return files => {
    const source = sourceOf(files, kind, name);
    if (!source) return; // the update answers 404
    if (sourceEtag(source.yaml) !== value)
      throw new ConflictError(
        `${source.file} changed in the fleet repository after you opened it: someone else committed to it. Nothing was written. Keep your text, reload to see their change, and apply yours again.`,
      );
  };
}

/** Runs each check that is there, in order. */
export function allChecks(
  ...checks: Array<((files: Record<string, string>) => void) | undefined>
): ((files: Record<string, string>) => void) | undefined {
  const present = checks.filter(c => c !== undefined);
  if (!present.length) return undefined;
  return files => present.forEach(c => c(files));
}
