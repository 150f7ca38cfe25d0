/** The patch formats of the Kubernetes API, over plain JSON values. */

export class PatchError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** RFC 7386 JSON merge patch: objects merge, `null` deletes, everything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return structuredClone(patch);
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

/** Merge keys of the built-in list types: containers, env, volumes… by name; ports by number. */
const MERGE_KEYS = ['name', 'containerPort', 'port'];

/**
 * Strategic merge patch, as kubectl sends it: a merge patch in which lists of
 * objects merge by their key (containers, env, volumes by name; ports by
 * number), which covers what the sandbox's clients patch. Server-side apply
 * is approximated by it too. `$patch: delete` removes an item.
 */
export function strategicMergePatch(target: unknown, patch: unknown): unknown {
  const mergeKey =
    Array.isArray(patch) && Array.isArray(target)
      ? MERGE_KEYS.find(k =>
          [...patch, ...target].every(item => isObject(item) && k in item),
        )
      : undefined;
  if (mergeKey) {
    const result = (target as Record<string, unknown>[]).map(t =>
      structuredClone(t),
    );
    for (const item of patch as Record<string, unknown>[]) {
      const i = result.findIndex(t => t[mergeKey] === item[mergeKey]);
      if (item.$patch === 'delete') {
        if (i >= 0) result.splice(i, 1);
      } else if (i >= 0)
        result[i] = strategicMergePatch(result[i], item) as Record<
          string,
          unknown
        >;
      else result.push(item);
    }
    return result;
  }
  if (!isObject(patch)) return structuredClone(patch);
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith('$')) continue; // directives such as $retainKeys
    if (value === null) delete result[key];
    else result[key] = strategicMergePatch(result[key], value);
  }
  return result;
}

/** RFC 6902 JSON patch. */
export function jsonPatch(target: unknown, operations: unknown): unknown {
  if (!Array.isArray(operations))
    throw new PatchError('a JSON patch must be a list of operations');
  let doc = structuredClone(target);
  for (const op of operations as any[]) {
    const path = parsePointer(op.path);
    switch (op.op) {
      case 'add':
        doc = setAt(doc, path, structuredClone(op.value), 'add');
        break;
      case 'replace':
        getAt(doc, path); // must exist
        doc = setAt(doc, path, structuredClone(op.value), 'replace');
        break;
      case 'remove':
        getAt(doc, path);
        doc = removeAt(doc, path);
        break;
      case 'move': {
        const from = parsePointer(op.from);
        const value = getAt(doc, from);
        doc = setAt(removeAt(doc, from), path, value, 'add');
        break;
      }
      case 'copy':
        doc = setAt(
          doc,
          path,
          structuredClone(getAt(doc, parsePointer(op.from))),
          'add',
        );
        break;
      case 'test':
        if (JSON.stringify(getAt(doc, path)) !== JSON.stringify(op.value)) {
          throw new PatchError(`test operation failed at ${op.path}`);
        }
        break;
      default:
        throw new PatchError(`unknown JSON patch operation "${op.op}"`);
    }
  }
  return doc;
}

function parsePointer(pointer: unknown): string[] {
  if (
    typeof pointer !== 'string' ||
    (pointer !== '' && !pointer.startsWith('/'))
  ) {
    throw new PatchError(`invalid JSON pointer "${String(pointer)}"`);
  }
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map(s => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function getAt(doc: unknown, path: string[]): unknown {
  let node: any = doc;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !(key in node)) {
      throw new PatchError(`path /${path.join('/')} does not exist`);
    }
    node = node[key];
  }
  return node;
}

function setAt(
  doc: unknown,
  path: string[],
  value: unknown,
  mode: 'add' | 'replace',
): unknown {
  if (path.length === 0) return value;
  const parent: any = getAt(doc, path.slice(0, -1));
  const key = path[path.length - 1];
  if (Array.isArray(parent)) {
    const index = key === '-' ? parent.length : Number(key);
    if (!Number.isInteger(index) || index < 0 || index > parent.length)
      throw new PatchError(`invalid list index "${key}"`);
    if (mode === 'add') parent.splice(index, 0, value);
    else parent[index] = value;
  } else if (parent && typeof parent === 'object') {
    parent[key] = value;
  } else {
    throw new PatchError(`cannot set /${path.join('/')}`);
  }
  return doc;
}

function removeAt(doc: unknown, path: string[]): unknown {
  const parent: any = getAt(doc, path.slice(0, -1));
  const key = path[path.length - 1];
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
  return doc;
}
