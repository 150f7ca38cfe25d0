import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/** Hex digits of the content hash in a template's name: 32 bits, against a handful of templates per pool. */
const HASH_LENGTH = 8;

/**
 * JSON with object keys sorted at every level and undefined values left out,
 * so the same content always hashes the same whatever order it was built in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value))
    return `[${value
      .map(v => (v === undefined ? 'null' : canonicalJson(v)))
      .join(',')}]`;
  const entries = Object.keys(value as object)
    .sort()
    .filter(k => (value as Record<string, unknown>)[k] !== undefined)
    .map(
      k =>
        `${JSON.stringify(k)}:${canonicalJson(
          (value as Record<string, unknown>)[k],
        )}`,
    );
  return `{${entries.join(',')}}`;
}

/** The first eight hex digits of the SHA-256 of `content`'s canonical JSON. */
export function contentHash(content: unknown): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalJson(content)))).slice(
    0,
    HASH_LENGTH,
  );
}

/**
 * A machine or bootstrap template's name: `<base>-<hash of its spec>`.
 * Cluster API treats these templates as immutable and rolls machines out
 * only when the object using one points at a different name, so a spec
 * change must produce a new name and the same spec the same one (see
 * docs/decisions.md, "Machine templates are named by their content").
 */
export function contentName(base: string, spec: unknown): string {
  return `${base}-${contentHash(spec)}`;
}
