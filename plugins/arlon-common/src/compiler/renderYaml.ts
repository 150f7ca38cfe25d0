import { stringify } from 'yaml';

/**
 * The YAML text of one generated object, `stringify(object, { lineWidth: 0 })`,
 * remembered by content: a fleet compiles again on every change, and all but
 * the objects the change touched render to the text they had last time.
 * Their JSON is a small part of the cost of the yaml library's document
 * building and string folding, which was nearly 90 % of a whole-fleet
 * compile (docs/scale.md).
 *
 * The key is the object's JSON, which says everything the YAML depends on
 * only for plain data: objects of Object.prototype and arrays, strings,
 * booleans, null and finite numbers other than -0, each object reached once.
 * Anything else (NaN, ±Infinity and -0, which JSON writes as null or 0;
 * undefined in an array; functions, symbols, bigints; Dates, Maps, class
 * instances or yaml nodes; symbol keys or getters; an object reached twice,
 * which YAML writes as an anchor and an alias, or a cycle) is rendered by
 * stringify every time.
 *
 * Two generations (`nextGeneration`, once per compile): what the last
 * compile rendered is kept, the rest is forgotten, so memory follows the
 * size of one compiled fleet and a fleet compiled in between (a drift check
 * of another head) does not empty it.
 */
export class YamlRenderMemo {
  private current = new Map<string, string>();
  private previous = new Map<string, string>();

  /** Starts a generation: what neither this one nor the last renders is forgotten. */
  nextGeneration(): void {
    this.previous = this.current;
    this.current = new Map();
  }

  render(object: unknown): string {
    const key = plainDataKey(object);
    if (key === undefined) return renderYaml(object);
    let text = this.current.get(key);
    if (text === undefined) {
      text = this.previous.get(key) ?? renderYaml(object);
      this.current.set(key, text);
    }
    return text;
  }
}

/** The compiler's YAML of one object, unremembered. */
export function renderYaml(object: unknown): string {
  return stringify(object, { lineWidth: 0 });
}

/**
 * The JSON of `value` when it is plain data whose JSON determines its YAML
 * (see YamlRenderMemo), else undefined.
 */
export function plainDataKey(value: unknown): string | undefined {
  return isPlainData(value, new Set()) ? JSON.stringify(value) : undefined;
}

function isPlainData(value: unknown, seen: Set<object>): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object':
      break;
    default:
      // undefined is data only as an object's value (below), where both
      // JSON and YAML leave the key out.
      return false;
  }
  if (value === null) return true;
  if (seen.has(value)) return false;
  seen.add(value);
  // The yaml library reads symbol keys (its own node marker, Symbol.iterator)
  // that JSON never sees.
  if (Object.getOwnPropertySymbols(value).length > 0) return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype === Array.prototype) {
    const array = value as unknown[];
    // A hole reads as undefined: not data in a list.
    for (let i = 0; i < array.length; i++)
      if (!isPlainData(array[i], seen)) return false;
    return true;
  }
  if (prototype !== Object.prototype) return false;
  for (const key of Object.keys(value)) {
    const property = Object.getOwnPropertyDescriptor(value, key)!;
    // A getter may answer JSON and YAML differently.
    if (!('value' in property)) return false;
    if (property.value !== undefined && !isPlainData(property.value, seen))
      return false;
  }
  return true;
}
