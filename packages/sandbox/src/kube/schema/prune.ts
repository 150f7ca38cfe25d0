import { child, index, isObject, key, own, StructuralSchema } from './types';

/** Fields of an embedded resource (and of the root) that no schema has to name. */
const EMBEDDED_FIELDS = ['apiVersion', 'kind', 'metadata'];

/**
 * Removes, in place, every field the schema does not specify, as
 * apiextensions-apiserver's structural pruning does, and returns their paths.
 * Nothing under `x-kubernetes-preserve-unknown-fields` is pruned (its
 * specified properties still are walked); `apiVersion`, `kind` and `metadata`
 * stay at the root and in embedded resources. Walks the schema, not the value,
 * so the depth is bounded by the schema's.
 */
export function prune(
  value: unknown,
  schema: StructuralSchema,
  path = '',
  root = true,
): string[] {
  const unknown: string[] = [];
  walk(value, schema, path, root, unknown);
  return unknown;
}

function walk(
  value: unknown,
  schema: StructuralSchema | undefined,
  path: string,
  isRootOrEmbedded: boolean,
  unknown: string[],
): void {
  if (!schema) return;
  if (Array.isArray(value)) {
    if (schema.items)
      value.forEach((item, i) =>
        walk(
          item,
          schema.items,
          index(path, i),
          !!schema.items!['x-kubernetes-embedded-resource'],
          unknown,
        ),
      );
    return;
  }
  if (!isObject(value)) return;
  const preserve = !!schema['x-kubernetes-preserve-unknown-fields'];
  const embedded =
    isRootOrEmbedded || !!schema['x-kubernetes-embedded-resource'];
  const additional = schema.additionalProperties;
  for (const k of Object.keys(value)) {
    const v = value[k];
    if (embedded && EMBEDDED_FIELDS.includes(k)) {
      // kept as sent: the API server handles type and object meta itself
    } else if (own(schema.properties, k)) {
      const prop = schema.properties![k];
      walk(
        v,
        prop,
        child(path, k),
        !!prop['x-kubernetes-embedded-resource'],
        unknown,
      );
    } else if (isObject(additional)) {
      walk(
        v,
        additional,
        key(path, k),
        !!additional['x-kubernetes-embedded-resource'],
        unknown,
      );
    } else if (!preserve && additional !== true) {
      unknown.push(child(path, k));
      delete value[k];
    }
  }
}
