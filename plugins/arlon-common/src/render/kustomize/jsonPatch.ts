import { UnrenderableSource } from '../UnrenderableSource';

/** One RFC 6902 operation. */
export interface JsonPatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  from?: string;
  value?: unknown;
}

export const MAX_JSON_PATCH_OPERATIONS = 1000;
/**
 * The largest object a patch's copies may build, as JSON: the API server's
 * request body limit (3 MiB), so nothing larger can be applied anyway.
 * `copy` is the one operation that grows an object beyond the patch's own
 * size: copying a field into itself doubles it, and a thousand copies would
 * exhaust memory (json-patch's AccumulatedCopySizeLimit, which kustomize
 * leaves unlimited).
 */
export const MAX_COPIED_OBJECT_BYTES = 3 * 1024 * 1024;

/** The operations of a JSON 6902 patch (YAML or JSON, as kustomize accepts both), checked. */
export function parseJsonPatch(
  ops: unknown,
  where: string,
): JsonPatchOperation[] {
  if (!Array.isArray(ops))
    throw new UnrenderableSource(
      `${where}: a JSON 6902 patch must be a list of operations`,
    );
  if (ops.length > MAX_JSON_PATCH_OPERATIONS)
    throw new UnrenderableSource(
      `${where}: more than ${MAX_JSON_PATCH_OPERATIONS} operations`,
    );
  return ops.map((op, i) => {
    const w = `${where}: operation ${i}`;
    if (!op || typeof op !== 'object' || Array.isArray(op))
      throw new UnrenderableSource(`${w} must be a mapping with op and path`);
    if (!['add', 'remove', 'replace', 'move', 'copy', 'test'].includes(op.op))
      throw new UnrenderableSource(
        `${w}: op must be add, remove, replace, move, copy or test`,
      );
    if (typeof op.path !== 'string')
      throw new UnrenderableSource(
        `${w}: path must be a JSON pointer such as /spec/replicas`,
      );
    if ((op.op === 'move' || op.op === 'copy') && typeof op.from !== 'string')
      throw new UnrenderableSource(`${w}: ${op.op} needs from, a JSON pointer`);
    if (['add', 'replace', 'test'].includes(op.op) && !('value' in op))
      throw new UnrenderableSource(`${w}: ${op.op} needs a value`);
    return op as JsonPatchOperation;
  });
}

/**
 * `ops` applied to a copy of `doc` with the semantics of the library
 * kustomize uses (gopkg.in/evanphx/json-patch.v4, through
 * api/filters/patchjson6902): `add` to a missing parent, `replace` or
 * `remove` of a missing member and a failed `test` are errors. Errors name
 * the operation and the path, never a value.
 */
export function applyJsonPatch(
  doc: any,
  ops: JsonPatchOperation[],
  where: string,
): any {
  let root = structuredClone(doc);
  let copied = 0;
  const tooLarge = (w: string) =>
    new UnrenderableSource(
      `${w}: the copies make the object larger than ${MAX_COPIED_OBJECT_BYTES} bytes (the API server's request limit); copy less, or write the values out`,
    );
  ops.forEach((op, i) => {
    const w = `${where}: operation ${i} (${op.op} ${op.path.slice(0, 200)})`;
    switch (op.op) {
      case 'add':
        root = add(root, pointer(op.path, w), structuredClone(op.value), w);
        break;
      case 'remove':
        remove(root, pointer(op.path, w), w);
        break;
      case 'replace': {
        const p = pointer(op.path, w);
        if (p.length === 0) root = structuredClone(op.value);
        else {
          get(root, p, w);
          remove(root, p, w);
          root = add(root, p, structuredClone(op.value), w);
        }
        break;
      }
      case 'move': {
        const value = get(root, pointer(op.from!, w), w);
        remove(root, pointer(op.from!, w), w);
        root = add(root, pointer(op.path, w), value, w);
        break;
      }
      case 'copy': {
        const value = get(root, pointer(op.from!, w), w);
        copied += JSON.stringify(value)?.length ?? 0;
        if (copied > MAX_COPIED_OBJECT_BYTES) throw tooLarge(w);
        root = add(root, pointer(op.path, w), structuredClone(value), w);
        break;
      }
      case 'test':
        if (!sameJson(get(root, pointer(op.path, w), w), op.value))
          throw new UnrenderableSource(
            `${w}: the test failed, the value differs`,
          );
        break;
      default:
        throw new UnrenderableSource(`${w}: unknown op`);
    }
  });
  // Copies in patch after patch would each stay under the bound and still
  // add up: the object they leave is bounded too.
  if (copied && (JSON.stringify(root)?.length ?? 0) > MAX_COPIED_OBJECT_BYTES)
    throw tooLarge(`${where}: after its operations`);
  return root;
}

function pointer(path: string, where: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/'))
    throw new UnrenderableSource(`${where}: a JSON pointer starts with /`);
  return path
    .slice(1)
    .split('/')
    .map(t => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

function parentOf(root: any, tokens: string[], where: string): any {
  let node = root;
  for (const token of tokens.slice(0, -1)) {
    node = child(node, token, where);
    if (node === undefined || node === null || typeof node !== 'object')
      throw new UnrenderableSource(
        `${where}: the path's parent does not exist`,
      );
  }
  return node;
}

function child(node: any, token: string, where: string): any {
  if (FORBIDDEN.has(token))
    throw new UnrenderableSource(`${where}: the path names a forbidden key`);
  if (Array.isArray(node)) return node[index(node, token, false, where)];
  if (
    node &&
    typeof node === 'object' &&
    Object.prototype.hasOwnProperty.call(node, token)
  )
    return node[token];
  return undefined;
}

function index(
  list: any[],
  token: string,
  forAdd: boolean,
  where: string,
): number {
  if (forAdd && token === '-') return list.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token))
    throw new UnrenderableSource(
      `${where}: ${token.slice(0, 20)} is not an index of the list`,
    );
  const i = Number(token);
  if (i > list.length || (!forAdd && i === list.length))
    throw new UnrenderableSource(
      `${where}: index ${i} is out of the list's bounds`,
    );
  return i;
}

function get(root: any, tokens: string[], where: string): any {
  if (tokens.length === 0) return root;
  const parent = parentOf(root, tokens, where);
  const last = tokens[tokens.length - 1];
  const value = child(parent, last, where);
  if (value === undefined)
    throw new UnrenderableSource(`${where}: nothing is at the path`);
  return value;
}

function add(root: any, tokens: string[], value: any, where: string): any {
  if (tokens.length === 0) return value;
  const parent = parentOf(root, tokens, where);
  const last = tokens[tokens.length - 1];
  if (FORBIDDEN.has(last))
    throw new UnrenderableSource(`${where}: the path names a forbidden key`);
  if (Array.isArray(parent))
    parent.splice(index(parent, last, true, where), 0, value);
  else parent[last] = value;
  return root;
}

function remove(root: any, tokens: string[], where: string): void {
  if (tokens.length === 0)
    throw new UnrenderableSource(`${where}: cannot remove the whole object`);
  const parent = parentOf(root, tokens, where);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent))
    parent.splice(index(parent, last, false, where), 1);
  else if (child(parent, last, where) === undefined)
    throw new UnrenderableSource(`${where}: nothing is at the path to remove`);
  else delete parent[last];
}

/** Deep equality of JSON data (key order aside), as json-patch's `test` compares. */
function sameJson(a: any, b: any): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      k => Object.prototype.hasOwnProperty.call(b, k) && sameJson(a[k], b[k]),
    )
  );
}
