/**
 * Field sets, as structured-merge-diff (the library behind server-side apply)
 * has them: the set of paths an object sets, each path a list of elements
 * `f:<field>`, `k:<list-map key as JSON>` (an item of a keyed list) and `.`
 * (the list item itself, beside its fields). Encoded in `managedFields` as
 * FieldsV1, the nested JSON kubectl decodes.
 *
 * Omitted, on purpose (see docs/decisions.md, "Server-side apply in the
 * sandbox"): there is no OpenAPI schema behind it, so which lists are keyed
 * comes from {@link KEYED_LISTS} (the `patchMergeKey`s of the built-in types,
 * one key each: upstream keys container ports by containerPort+protocol);
 * every other list is atomic (finalizers, args, tolerations), where upstream
 * has `set` lists (`v:` elements) and CRD `x-kubernetes-list-map-keys`.
 */
import { isObject, Obj } from '../jsonObject';

export type Path = string[];
/** Lists merged by a key, by field name (core/v1 and apps/v1 `patchMergeKey`s). */
const KEYED_LISTS: Record<string, (item: Obj) => string | undefined> = {
  containers: () => 'name',
  initContainers: () => 'name',
  ephemeralContainers: () => 'name',
  env: () => 'name',
  volumes: () => 'name',
  volumeMounts: () => 'mountPath',
  volumeDevices: () => 'devicePath',
  imagePullSecrets: () => 'name',
  hostAliases: () => 'ip',
  resourceClaims: () => 'name',
  conditions: () => 'type',
  // Container ports by number, Service ports by port.
  ports: item => ('containerPort' in item ? 'containerPort' : 'port'),
};

/** The key field of `list` (named `field`), or undefined when it is atomic. */
export function listKey(field: string, list: unknown[]): string | undefined {
  const keyOf = KEYED_LISTS[field];
  if (!keyOf || list.length === 0 || !list.every(isObject)) return undefined;
  const key = keyOf(list[0] as Obj);
  const seen = new Set<string>();
  for (const item of list as Obj[]) {
    if (!key || !(key in item) || isObject(item[key])) return undefined;
    const id = JSON.stringify(item[key]);
    if (seen.has(id)) return undefined; // duplicate keys: treat as atomic
    seen.add(id);
  }
  return key;
}

/**
 * Whether two JSON values are the same value, object keys in any order:
 * structured-merge-diff compares values, not their spelling. (Not
 * util.isDeepStrictEqual: it also compares prototypes, which differ between
 * a parsed body and a structuredClone'd live object in another realm.)
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => sameValue(item, b[i]))
    );
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every(
      k => Object.prototype.hasOwnProperty.call(b, k) && sameValue(a[k], b[k]),
    )
  );
}

export const keyElement = (key: string, value: unknown) =>
  `k:${JSON.stringify({ [key]: value })}`;

export const encode = (path: Path) => JSON.stringify(path);

/**
 * Decoded paths, by key: every apply decodes each path of the object it
 * applies and of its managers, and the same few hundred paths come back
 * request after request (a pre-flight applies thousands of objects of a few
 * shapes). Bounded: past the limit it starts again, so a client sending
 * ever new fields cannot grow it.
 */
const decodedPaths = new Map<string, Path>();
const DECODED_PATHS_KEPT = 20_000;

/** The path a key encodes; shared between callers, so frozen. */
export function decode(key: string): Path {
  let path = decodedPaths.get(key);
  if (!path) {
    path = Object.freeze(JSON.parse(key)) as Path;
    if (decodedPaths.size >= DECODED_PATHS_KEPT) decodedPaths.clear();
    decodedPaths.set(key, path);
  }
  return path;
}

/** Every path `value` sets: leaves (scalars, empty objects, atomic lists) and keyed list items (`.`). */
export function fieldSetOf(value: unknown, prefix: Path = []): Set<string> {
  const set = new Set<string>();
  collect(value, encode(prefix).slice(0, -1), prefix.length, k => set.add(k));
  return set;
}

/**
 * Every path `value` sets (as {@link fieldSetOf}), with the value there (as
 * {@link valueAt} answers it): one walk, where looking each path up again
 * decoded it and searched keyed lists anew. Each path is met once (a keyed
 * list's keys are unique, listKey), so the value is the one valueAt finds.
 */
export function fieldValuesOf(value: unknown): Map<string, unknown> {
  const values = new Map<string, unknown>();
  collect(value, '[', 0, (k, v) => values.set(k, v));
  return values;
}

/**
 * Walks `value` at the path encoded as `open` (its JSON without the closing
 * bracket; `depth` elements), handing each path it sets, encoded as
 * {@link encode} writes it, to `add`. The encoding grows element by element
 * instead of stringifying every path's array again.
 */
function collect(
  value: unknown,
  open: string,
  depth: number,
  add: (key: string, value: unknown) => void,
) {
  if (isObject(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) {
      if (v === null) continue;
      const path = `${open}${depth ? ',' : ''}${JSON.stringify(`f:${k}`)}`;
      if (Array.isArray(v)) {
        const key = listKey(k, v);
        if (key) {
          for (const item of v as Obj[]) {
            const itemPath = `${path},${JSON.stringify(
              keyElement(key, item[key]),
            )}`;
            add(`${itemPath},"."]`, item);
            collect(item, itemPath, depth + 2, add);
          }
          continue;
        }
      }
      collect(v, path, depth + 1, add);
    }
    return;
  }
  if (depth > 0) add(`${open}]`, value);
}

/** The value at `path` in `obj`, or undefined; `.` answers the list item itself. */
export function valueAt(obj: unknown, path: Path): unknown {
  let node: any = obj;
  for (const element of path) {
    if (element === '.') return node;
    node = step(node, element);
    if (node === undefined) return undefined;
  }
  return node;
}

function step(node: any, element: string): any {
  if (element.startsWith('f:'))
    return isObject(node) ? node[element.slice(2)] : undefined;
  if (element.startsWith('k:') && Array.isArray(node)) {
    const [[key, value]] = Object.entries(JSON.parse(element.slice(2)));
    return node.find(item => isObject(item) && item[key] === value);
  }
  return undefined;
}

/**
 * Removes what `path` names from `obj` (in place): a field, or a list item
 * for a path ending in `.`. Objects left empty by it go too, as they held
 * only what was removed.
 */
export function removeAt(obj: Obj, path: Path): void {
  const itemRemoval = path[path.length - 1] === '.';
  const target = itemRemoval ? path.slice(0, -1) : path;
  const parents: any[] = [obj];
  for (const element of target.slice(0, -1)) {
    const next = step(parents[parents.length - 1], element);
    if (next === undefined || next === null) return;
    parents.push(next);
  }
  const last = target[target.length - 1];
  const parent = parents[parents.length - 1];
  if (last.startsWith('f:') && isObject(parent)) delete parent[last.slice(2)];
  else if (last.startsWith('k:') && Array.isArray(parent)) {
    const item = step(parent, last);
    if (!itemRemoval) return; // fields of an item go one by one
    parent.splice(parent.indexOf(item), 1);
  }
  // Walk back up, dropping objects (never the top two levels) that became empty.
  for (let i = parents.length - 1; i >= 2; i--) {
    const node = parents[i];
    if (!isObject(node) || Object.keys(node).length > 0) break;
    const holder = parents[i - 1];
    const element = target[i - 1];
    if (element.startsWith('f:') && isObject(holder))
      delete holder[element.slice(2)];
    else break;
  }
}

/** FieldsV1, the nested JSON `managedFields` carries. */
export function toFieldsV1(set: Set<string>): Obj {
  const root: Obj = {};
  for (const key of [...set].sort()) {
    let node = root;
    for (const element of decode(key)) node = node[element] ??= {};
  }
  return root;
}

export class FieldsV1Error extends Error {}

/** Reads FieldsV1; throws {@link FieldsV1Error} on anything that is not one. */
export function fromFieldsV1(
  fields: unknown,
  prefix: Path = [],
  set = new Set<string>(),
): Set<string> {
  if (!isObject(fields))
    throw new FieldsV1Error(
      `expected an object at ${prefix.join('') || 'the top'}`,
    );
  for (const [element, child] of Object.entries(fields)) {
    if (element !== '.' && !/^[fkvi]:/.test(element))
      throw new FieldsV1Error(`unknown path element "${element}"`);
    if (element.startsWith('k:')) {
      try {
        const parsed = JSON.parse(element.slice(2));
        if (!isObject(parsed)) throw new Error('not an object');
      } catch {
        throw new FieldsV1Error(`malformed key "${element}"`);
      }
    }
    if (!isObject(child))
      throw new FieldsV1Error(`expected an object under "${element}"`);
    const path = [...prefix, element];
    if (Object.keys(child).length === 0) set.add(encode(path));
    else fromFieldsV1(child, path, set);
  }
  return set;
}

/** `.spec.template.spec.containers[name="web"].image`, as upstream prints a conflicting field. */
export function printPath(path: Path): string {
  return path
    .filter(e => e !== '.')
    .map(e => {
      if (e.startsWith('f:')) return `.${e.slice(2)}`;
      if (e.startsWith('k:'))
        return `[${Object.entries(JSON.parse(e.slice(2)))
          .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
          .join(',')}]`;
      return `[${e}]`;
    })
    .join('');
}
