import { UnrenderableSource } from '../UnrenderableSource';
import { type BuildBudget, countGenerated } from './accumulation';
import { resolveKustomizeFile } from './files';
import { setOwn } from './ownKeys';

/** A generated object, and whether kustomize would give it a content-hash suffix. */
export interface Generated {
  object: any;
  needsHash: boolean;
}

export const MAX_GENERATED_KEYS = 1000;
/** Kubernetes' limit on the data of one ConfigMap or Secret (1 MiB): the API server refuses more. */
export const MAX_GENERATED_OBJECT_BYTES = 1024 * 1024;

const ARG_FIELDS = new Set([
  'name',
  'namespace',
  'behavior',
  'literals',
  'files',
  'envs',
  'env',
  'options',
  'type',
]);
const OPTION_FIELDS = new Set([
  'labels',
  'annotations',
  'disableNameSuffixHash',
  'immutable',
]);
// A ConfigMap or Secret key (apimachinery validation IsConfigMapKey).
const DATA_KEY = /^[-._a-zA-Z0-9]+$/;
// An env file's key (kv.go keyValuesFromLine, validator IsEnvVarName).
const ENV_KEY = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;

/**
 * The ConfigMaps (`kind` ConfigMap) or Secrets a kustomization's
 * configMapGenerator or secretGenerator makes (api/internal/generators,
 * api/kv/kv.go): envs first, then literals, then files, each key once.
 * Secret values never appear in an error: only the generator, the source's
 * position and the file name do.
 */
export function generate(
  kind: 'ConfigMap' | 'Secret',
  args: unknown,
  globalOptions: unknown,
  files: Map<string, string>,
  dir: string,
  file: string,
  budget: BuildBudget = { kustomizations: 0, generated: 0 },
): Generated[] {
  const field = kind === 'ConfigMap' ? 'configMapGenerator' : 'secretGenerator';
  if (!Array.isArray(args))
    throw new UnrenderableSource(`${file}: \`${field}\` must be a list`);
  const global = checkOptions(globalOptions, `${file}: generatorOptions`);
  return args.map((arg, i) => {
    const where = `${file}: ${field}[${i}]`;
    if (!arg || typeof arg !== 'object' || Array.isArray(arg))
      throw new UnrenderableSource(`${where} must be a mapping with a name`);
    for (const key of Object.keys(arg))
      if (!ARG_FIELDS.has(key) || (key === 'type' && kind === 'ConfigMap'))
        throw new UnrenderableSource(
          `${where}: \`${key.slice(0, 64)}\` is not a ${field} field`,
        );
    const name = arg.name;
    if (typeof name !== 'string' || !name)
      throw new UnrenderableSource(`${where} has no name`);
    const w = `${file}: ${field} ${JSON.stringify(name.slice(0, 100))}`;
    if (arg.behavior !== undefined && arg.behavior !== 'create')
      throw new UnrenderableSource(
        `${w}: behavior ${JSON.stringify(
          String(arg.behavior).slice(0, 20),
        )} (merging into or replacing a base's ${kind}) is not supported by Arlon's renderer; generate the whole ${kind} here`,
      );
    const options = {
      ...global,
      ...checkOptions(arg.options, `${w}: options`),
    };
    if (arg.options?.labels || global.labels)
      options.labels = { ...global.labels, ...arg.options?.labels };
    if (arg.options?.annotations || global.annotations)
      options.annotations = {
        ...global.annotations,
        ...arg.options?.annotations,
      };
    const pairs = new Map<string, string>();
    let size = 0;
    const put = (key: string, value: string, source: string) => {
      if (!DATA_KEY.test(key) || key.length > 253)
        // A Secret's malformed key may be a value typed in the wrong place: not quoted.
        throw new UnrenderableSource(
          `${w}: ${source} has ${
            kind === 'Secret'
              ? 'a key'
              : `the key ${JSON.stringify(key.slice(0, 100))}`
          } that is not a valid ${kind} key (letters, digits, -, _ and .)`,
        );
      if (pairs.has(key))
        // An env file's line without "=" is all key: in a Secret that may be a value.
        throw new UnrenderableSource(
          kind === 'Secret'
            ? `${w}: ${source} repeats a key given before`
            : `${w} repeats the key ${key}`,
        );
      if (pairs.size >= MAX_GENERATED_KEYS)
        throw new UnrenderableSource(
          `${w}: more than ${MAX_GENERATED_KEYS} keys`,
        );
      size += key.length + value.length;
      if (size > MAX_GENERATED_OBJECT_BYTES)
        throw new UnrenderableSource(
          `${w}: ${source} takes its data over ${MAX_GENERATED_OBJECT_BYTES} bytes, the most one ${kind} holds in Kubernetes; split it`,
        );
      countGenerated(budget, key.length + value.length, w);
      pairs.set(key, value);
    };
    const envs = [
      ...list(arg.envs, `${w}: envs`),
      ...(arg.env !== undefined ? [arg.env] : []),
    ];
    for (const [j, env] of envs.entries()) {
      const loaded = resolveKustomizeFile(files, dir, env, `${w}: envs[${j}]`);
      envLines(loaded.text).forEach(({ key, value, line }) => {
        if (!ENV_KEY.test(key))
          throw new UnrenderableSource(
            `${w}: ${loaded.path} line ${line}: the key is not a valid environment variable name`,
          );
        put(key, value, `${loaded.path} line ${line}`);
      });
    }
    list(arg.literals, `${w}: literals`).forEach((literal, j) => {
      const source = `literals[${j}]`;
      if (typeof literal !== 'string' || literal.indexOf('=') <= 0)
        throw new UnrenderableSource(`${w}: ${source} must be key=value`);
      const eq = literal.indexOf('=');
      put(literal.slice(0, eq), removeQuotes(literal.slice(eq + 1)), source);
    });
    list(arg.files, `${w}: files`).forEach((source, j) => {
      const { key, path } = fileSource(source, `${w}: files[${j}]`);
      put(
        key,
        resolveKustomizeFile(files, dir, path, `${w}: files[${j}]`).text,
        `files[${j}]`,
      );
    });
    return {
      object: makeObject(kind, name, arg, pairs, options),
      needsHash: options.disableNameSuffixHash !== true,
    };
  });
}

function makeObject(
  kind: string,
  name: string,
  arg: any,
  pairs: Map<string, string>,
  options: any,
): any {
  const object: any = { apiVersion: 'v1', kind, metadata: { name } };
  if (typeof arg.namespace === 'string' && arg.namespace)
    object.metadata.namespace = arg.namespace;
  if (kind === 'Secret')
    object.type =
      typeof arg.type === 'string' && arg.type ? arg.type : 'Opaque';
  if (pairs.size) {
    // kyaml LoadMapIntoSecretData base64-encodes; ConfigMap data stays text.
    const data: Record<string, string> = {};
    for (const [k, v] of [...pairs].sort(([a], [b]) => byCodeUnit(a, b)))
      setOwn(data, k, kind === 'Secret' ? base64(v) : v);
    object.data = data;
  }
  if (options.labels) object.metadata.labels = { ...options.labels };
  if (options.annotations)
    object.metadata.annotations = { ...options.annotations };
  if (options.immutable === true) object.immutable = true;
  return object;
}

/** Go's sort.Strings order (bytewise for these ASCII keys), not the locale's. */
function byCodeUnit(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function checkOptions(options: unknown, where: string): any {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options))
    throw new UnrenderableSource(`${where} must be a mapping`);
  for (const [key, value] of Object.entries(options)) {
    if (!OPTION_FIELDS.has(key))
      throw new UnrenderableSource(
        `${where}: \`${key.slice(
          0,
          64,
        )}\` is not supported by Arlon's renderer (labels, annotations, disableNameSuffixHash, immutable are)`,
      );
    if (
      (key === 'labels' || key === 'annotations') &&
      (!value ||
        typeof value !== 'object' ||
        Array.isArray(value) ||
        Object.values(value).some(v => typeof v !== 'string'))
    )
      throw new UnrenderableSource(`${where}.${key} must map names to strings`);
    if (
      (key === 'disableNameSuffixHash' || key === 'immutable') &&
      typeof value !== 'boolean'
    )
      throw new UnrenderableSource(`${where}.${key} must be true or false`);
  }
  return { ...options };
}

function list(value: unknown, where: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value))
    throw new UnrenderableSource(`${where} must be a list`);
  if (value.length > MAX_GENERATED_KEYS)
    throw new UnrenderableSource(
      `${where}: more than ${MAX_GENERATED_KEYS} entries`,
    );
  return value;
}

/** `key=path` or `path` (the key is the file's base name), as generators.ParseFileSource reads it. */
function fileSource(
  source: unknown,
  where: string,
): { key: string; path: string } {
  if (typeof source !== 'string' || !source)
    throw new UnrenderableSource(`${where} must be a file path or key=path`);
  const parts = source.split('=');
  if (parts.length === 1)
    return { key: source.split('/').pop()!, path: source };
  if (parts.length > 2 || !parts[0] || !parts[1])
    throw new UnrenderableSource(
      `${where} must be a file path or key=path, with one =`,
    );
  return { key: parts[0], path: parts[1] };
}

/** An env file's lines (kv.go keyValuesFromLine): blank lines and # comments skipped, KEY alone is "". */
function envLines(
  text: string,
): { key: string; value: string; line: number }[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((raw, i) => ({ raw: raw.replace(/^\s+/, ''), line: i + 1 }))
    .filter(({ raw }) => raw && !raw.startsWith('#'))
    .map(({ raw, line }) => {
      const eq = raw.indexOf('=');
      return eq < 0
        ? { key: raw, value: '', line }
        : { key: raw.slice(0, eq), value: raw.slice(eq + 1), line };
    });
}

/** kv.go removeQuotes: one pair of matching surrounding quotes dropped. */
function removeQuotes(s: string): string {
  return s.length >= 2 &&
    s[0] === s[s.length - 1] &&
    (s[0] === '"' || s[0] === "'")
    ? s.slice(1, -1)
    : s;
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
