/**
 * Quantity fields of custom resources, read from the schemas of the
 * CustomResourceDefinitions among the objects compared (a bundle that ships
 * its CRDs). controller-gen writes a `resource.Quantity` field as
 * `x-kubernetes-int-or-string: true` with apimachinery's quantity pattern;
 * int-or-string without it (`maxUnavailable: 25%`) is no quantity.
 */
export const QUANTITY_PATTERN =
  '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';

/**
 * Any key of a map (`additionalProperties`) in a schema path.
 *
 * @public
 */
export const ANY_KEY = Symbol('any key');
/**
 * Any item of a list (`items`) in a schema path.
 *
 * @public
 */
export const ANY_ITEM = Symbol('any item');
/**
 * A step of a schema path: a field name, any map key or any list item.
 *
 * @public
 */
export type SchemaStep = string | typeof ANY_KEY | typeof ANY_ITEM;

/**
 * Quantity field paths of custom resources, by `group/Kind`.
 *
 * @public
 */
export type CrdQuantityFields = ReadonlyMap<
  string,
  ReadonlyArray<readonly SchemaStep[]>
>;

/** Bounds on what a schema from Git may make us walk. */
const MAX_DEPTH = 32;
const MAX_NODES = 20_000;

/**
 * The quantity fields the CRDs among `objects` declare for their kinds.
 *
 * @public
 */
export function quantityFieldsFromCrds(objects: unknown[]): CrdQuantityFields {
  const table = new Map<string, SchemaStep[][]>();
  for (const o of objects) {
    const spec = isObject(o) && isCrd(o) ? o.spec : undefined;
    if (!isObject(spec) || !isObject(spec.names)) continue;
    const { group } = spec;
    const kind = spec.names.kind;
    // A CRD's group has a dot (apiextensions validation): none can claim `apps` or the core group.
    if (typeof group !== 'string' || !group.includes('.')) continue;
    if (typeof kind !== 'string') continue;
    const found: SchemaStep[][] = [];
    const budget = { nodes: 0 };
    for (const version of Array.isArray(spec.versions) ? spec.versions : []) {
      const schema = isObject(version) ? version.schema : undefined;
      if (isObject(schema)) walk(schema.openAPIV3Schema, [], found, budget);
    }
    if (found.length)
      table.set(`${group}/${kind}`, [
        ...(table.get(`${group}/${kind}`) ?? []),
        ...found,
      ]);
  }
  return table;
}

function isCrd(o: Record<string, unknown>): boolean {
  return (
    o.kind === 'CustomResourceDefinition' &&
    typeof o.apiVersion === 'string' &&
    o.apiVersion.startsWith('apiextensions.k8s.io/')
  );
}

function walk(
  node: unknown,
  path: SchemaStep[],
  found: SchemaStep[][],
  budget: { nodes: number },
) {
  if (!isObject(node) || path.length > MAX_DEPTH) return;
  if (++budget.nodes > MAX_NODES) return;
  if (
    node['x-kubernetes-int-or-string'] === true &&
    node.pattern === QUANTITY_PATTERN
  )
    found.push(path);
  if (isObject(node.properties))
    for (const [name, child] of Object.entries(node.properties))
      walk(child, [...path, name], found, budget);
  walk(node.items, [...path, ANY_ITEM], found, budget);
  walk(node.additionalProperties, [...path, ANY_KEY], found, budget);
}

/** Whether `path` (field names, numbers for list items) is one of `patterns`. */
export function matchesSchemaPath(
  pattern: readonly SchemaStep[],
  path: readonly (string | number)[],
): boolean {
  return (
    pattern.length === path.length &&
    pattern.every((step, i) => {
      if (step === ANY_ITEM) return typeof path[i] === 'number';
      if (step === ANY_KEY) return typeof path[i] === 'string';
      return step === path[i];
    })
  );
}

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
