import { isObject, own, setOwn, StructuralSchema } from './types';

const clone = (v: unknown): unknown =>
  v === undefined ? undefined : JSON.parse(JSON.stringify(v));

/**
 * Applies `default`s in place, top down, as the API server does after
 * pruning: an absent field, or a null one that is not `nullable`, takes its
 * default (then the defaults inside it); a null non-nullable field without a
 * default is dropped, so it never reaches validation.
 */
export function applyDefaults(value: unknown, schema: StructuralSchema): void {
  if (Array.isArray(value)) {
    if (schema.items) {
      for (let i = 0; i < value.length; i++) {
        if (
          value[i] === null &&
          !schema.items.nullable &&
          schema.items.default !== undefined
        )
          value[i] = clone(schema.items.default);
        applyDefaults(value[i], schema.items);
      }
    }
    return;
  }
  if (!isObject(value)) return;
  for (const [k, prop] of Object.entries(schema.properties ?? {})) {
    const present = own(value, k);
    if (present && value[k] === null && !prop.nullable) {
      if (prop.default === undefined) delete value[k];
      else setOwn(value, k, clone(prop.default));
    } else if (!present && prop.default !== undefined) {
      setOwn(value, k, clone(prop.default));
    }
    if (own(value, k)) applyDefaults(value[k], prop);
  }
  const additional = schema.additionalProperties;
  if (isObject(additional)) {
    for (const k of Object.keys(value)) {
      if (own(schema.properties, k)) continue;
      if (value[k] === null && !additional.nullable) {
        if (additional.default === undefined) delete value[k];
        else setOwn(value, k, clone(additional.default));
      }
      if (own(value, k)) applyDefaults(value[k], additional);
    }
  }
}
