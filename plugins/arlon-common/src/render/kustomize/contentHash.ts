import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * The name suffix kustomize gives a generated ConfigMap or Secret
 * (api/hasher/hasher.go): sha256 of a JSON encoding of its kind, name, data
 * (and type, binaryData or stringData), the first ten hex digits with
 * 0, 1, 3, a, e replaced so that the suffix is never all digits nor a word.
 */
export function contentHash(object: any): string {
  const name = object.metadata?.name ?? '';
  const encoded: Record<string, unknown> =
    object.kind === 'Secret'
      ? { kind: 'Secret', type: object.type ?? '', name, data: object.data ?? '' }
      : { kind: 'ConfigMap', name, data: object.data ?? '' };
  if (object.kind === 'ConfigMap' && isMap(object.binaryData)) encoded.binaryData = object.binaryData;
  if (object.kind === 'Secret' && isMap(object.stringData)) encoded.stringData = object.stringData;
  const hex = bytesToHex(sha256(utf8ToBytes(goJson(encoded))));
  return [...hex.slice(0, 10)]
    .map(c => ({ '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' } as Record<string, string>)[c] ?? c)
    .join('');
}

function isMap(v: unknown): boolean {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/**
 * JSON as Go's encoding/json writes a map[string]interface{}: keys sorted,
 * and <, >, & and the line and paragraph separators escaped.
 */
export function goJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(goJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map(k => `${goString(k)}:${goJson((value as any)[k])}`)
      .join(',')}}`;
  if (typeof value === 'string') return goString(value);
  return JSON.stringify(value ?? null);
}

function goString(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
