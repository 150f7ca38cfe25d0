/**
 * The objects one parsed YAML or JSON document holds: the document itself,
 * or the items of a list. `kubectl get a,b -o yaml` writes
 * `apiVersion: v1` and `kind: List` with every object under `items`; the API server answers a
 * collection with `<Kind>List` (e.g. `DeploymentList`) whose items leave out
 * their kind and apiVersion, which are then the list's. `where` names the
 * document in errors (a file, a file and line).
 *
 * @public
 */
export function documentObjects(value: unknown, where: string): unknown[] {
  if (!isObject(value)) return [value];
  // A kind that is not text (`kind: [List]`) names no collection: one object.
  const itemKind = collectionItemKind(value);
  if (itemKind === undefined) return [value];
  const items: unknown = value.items;
  if (!Array.isArray(items))
    throw new Error(
      `${where}: a ${
        value.kind
      } holds its objects under "items", which must be a list (it is ${describe(
        items,
      )}); write the objects there, or each as its own document after ---`,
    );
  return items.map((item, i) => {
    if (!isObject(item))
      throw new Error(
        `${where}: items[${i}] of the ${value.kind} is ${describe(
          item,
        )}, not an object; remove it or write the object there`,
      );
    if (collectionItemKind(item) !== undefined)
      throw new Error(
        `${where}: items[${i}] is a ${item.kind} inside a ${value.kind}; kubectl never nests lists: move its items into the outer list`,
      );
    // A typed collection's items name neither kind nor apiVersion: they are the list's.
    return itemKind && item.kind === undefined
      ? {
          ...(value.apiVersion !== undefined
            ? { apiVersion: value.apiVersion }
            : {}),
          kind: itemKind,
          ...item,
        }
      : item;
  });
}

/**
 * `''` for a `List` (items name their own kind), `Kind` for a `KindList`
 * collection, undefined when `value` is one object. A `KindList` is a
 * collection only with an `items` list and no name: a custom resource may
 * well be called `AllowList`.
 */
function collectionItemKind(
  value: Record<string, unknown>,
): string | undefined {
  const kind = value.kind;
  if (kind === 'List') return '';
  if (
    typeof kind === 'string' &&
    kind.endsWith('List') &&
    Array.isArray(value.items) &&
    !(isObject(value.metadata) && Object.hasOwn(value.metadata, 'name'))
  )
    return kind.slice(0, -'List'.length);
  return undefined;
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `a ${typeof value}`;
}

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
