import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { setOwn } from './ownKeys';

/**
 * The name suffix kustomize gives a generated ConfigMap or Secret
 * (api/hasher/hasher.go): sha256 of a JSON encoding of its kind, name, data
 * (and type, binaryData or stringData), the first ten hex digits with
 * 0, 1, 3, a, e replaced so that the suffix is never all digits nor a word.
 * The name is always "": hasher.go looks it up as yaml.Lookup("metadata/name"),
 * one field whose name holds a slash, which no object has; the expected names
 * of kustomize's own tests (krusty TestGeneratorBasics) are hashed so.
 */
export function contentHash(object: any): string {
  const name = '';
  const encoded: Record<string, unknown> =
    object.kind === 'Secret'
      ? {
          kind: 'Secret',
          type: object.type ?? '',
          name,
          data: wrapped(object.data),
        }
      : { kind: 'ConfigMap', name, data: object.data ?? '' };
  if (object.kind === 'ConfigMap' && isMap(object.binaryData))
    encoded.binaryData = object.binaryData;
  if (object.kind === 'Secret' && isMap(object.stringData))
    encoded.stringData = object.stringData;
  const hex = bytesToHex(sha256(utf8ToBytes(goJson(encoded))));
  return [...hex.slice(0, 10)]
    .map(
      c =>
        ((
          { '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' } as Record<
            string,
            string
          >
        )[c] ?? c),
    )
    .join('');
}

/**
 * kustomize hashes a generated Secret's data as kyaml wrote it: base64 in
 * lines of 70 characters, each ended by a newline once there is more than
 * one (kyaml/yaml/datamap.go encodeBase64). The renderer's objects carry the
 * unbroken base64 the API server returns, so that they compare with live.
 */
function wrapped(data: unknown): unknown {
  if (!isMap(data)) return data ?? '';
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data as object))
    setOwn(
      out,
      k,
      typeof v === 'string' && Math.floor(v.length / 70) + 1 > 1
        ? v
            .match(/.{1,70}/g)!
            .map(l => `${l}\n`)
            .join('')
        : v,
    );
  return out;
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
  return JSON.stringify(s).replace(
    /[<>&\u2028\u2029]/g,
    c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
