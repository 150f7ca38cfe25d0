/** A JSON object as decoded from a request body or read from the store. */
export type Obj = Record<string, any>;

/** Whether `v` is a JSON object: not null, not an array. */
export const isObject = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A deep copy of JSON data (what the store holds: parsed bodies and objects
 * built from them), as structuredClone copies it, about five times faster:
 * every request copies objects in and out of the store several times. Own
 * enumerable keys in order, `__proto__` as a key like any other, holes left
 * holes; anything that is not a plain object or array (a Date, a Map) goes
 * to structuredClone. One difference: a sub-object the value holds twice is
 * copied twice (JSON cannot say it is one object anyway).
 */
export function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++)
      if (i in value) out[i] = copyJson(value[i]);
    return out as T;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null)
    return structuredClone(value);
  const out: Obj = {};
  for (const k of Object.keys(value)) {
    const v = copyJson((value as Obj)[k]);
    if (k === '__proto__')
      Object.defineProperty(out, k, {
        value: v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[k] = v;
  }
  return out as T;
}
