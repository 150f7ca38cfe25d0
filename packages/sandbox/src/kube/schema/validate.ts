import { inIntegerFormat, matchesFormat } from './formats';
import { compiledPattern } from './patterns';
import {
  child,
  index,
  isObject,
  key,
  MAX_VIOLATIONS,
  own,
  StructuralSchema,
  Violation,
  ViolationReason,
} from './types';

/** How the API server prints a value in `Invalid value: <value>`. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return '"array"';
  if (value === null) return 'null';
  if (typeof value === 'object') return '"object"';
  return String(value);
}

const typeOf = (v: unknown): string => {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
};

class Collector {
  readonly violations: Violation[] = [];
  add(field: string, reason: ViolationReason, message: string) {
    if (this.violations.length < MAX_VIOLATIONS)
      this.violations.push({ field, reason, message });
  }
  invalid(field: string, value: unknown, says: string) {
    this.add(
      field,
      'FieldValueInvalid',
      `Invalid value: ${shown(value)}: ${field} in body ${says}`,
    );
  }
}

/**
 * Checks a pruned, defaulted value against a structural schema as the API
 * server's OpenAPI validation does, with its field paths and words. CEL rules
 * (`x-kubernetes-validations`) are not evaluated.
 */
export function validate(
  value: unknown,
  schema: StructuralSchema,
  path = '',
): Violation[] {
  const c = new Collector();
  check(value, schema, path, c);
  return c.violations;
}

function typeMatches(value: unknown, schema: StructuralSchema): boolean {
  if (schema['x-kubernetes-int-or-string'])
    return (
      typeof value === 'string' ||
      (typeof value === 'number' && Number.isInteger(value))
    );
  const actual = typeOf(value);
  switch (schema.type) {
    case undefined:
      return true;
    case 'number':
      return actual === 'number' || actual === 'integer';
    default:
      return actual === schema.type;
  }
}

function check(
  value: unknown,
  schema: StructuralSchema,
  path: string,
  c: Collector,
): void {
  if (c.violations.length >= MAX_VIOLATIONS) return;
  if (value === null) {
    if (!schema.nullable && schema.type)
      c.add(
        path,
        'FieldValueTypeInvalid',
        `Invalid value: "null": ${path} in body must be of type ${schema.type}: "null"`,
      );
    return;
  }
  if (!typeMatches(value, schema)) {
    const expected = schema['x-kubernetes-int-or-string']
      ? 'integer or string'
      : schema.type;
    c.add(
      path,
      'FieldValueTypeInvalid',
      `Invalid value: "${typeOf(
        value,
      )}": ${path} in body must be of type ${expected}: "${typeOf(value)}"`,
    );
    return;
  }
  if (
    schema.enum &&
    !schema.enum.some(e => JSON.stringify(e) === JSON.stringify(value))
  ) {
    c.add(
      path,
      'FieldValueNotSupported',
      `Unsupported value: ${shown(value)}: supported values: ${schema.enum
        .map(e => JSON.stringify(e))
        .join(', ')}`,
    );
  }
  if (typeof value === 'string') checkString(value, schema, path, c);
  else if (typeof value === 'number') checkNumber(value, schema, path, c);
  else if (Array.isArray(value)) checkArray(value, schema, path, c);
  else if (isObject(value)) checkObject(value, schema, path, c);
  checkCombinators(value, schema, path, c);
}

function checkString(
  s: string,
  schema: StructuralSchema,
  path: string,
  c: Collector,
) {
  if (schema.maxLength !== undefined && [...s].length > schema.maxLength)
    c.add(
      path,
      'FieldValueTooLong',
      `Too long: may not be more than ${schema.maxLength} bytes`,
    );
  if (schema.minLength !== undefined && [...s].length < schema.minLength)
    c.invalid(path, s, `should be at least ${schema.minLength} chars long`);
  if (schema.pattern !== undefined) {
    const re = compiledPattern(schema.pattern);
    if (re && !re.test(s))
      c.invalid(path, s, `should match '${schema.pattern}'`);
  }
  if (schema.format && !matchesFormat(schema.format, s))
    c.invalid(
      path,
      s,
      `must be of type ${schema.format}: ${JSON.stringify(s)}`,
    );
}

function checkNumber(
  n: number,
  schema: StructuralSchema,
  path: string,
  c: Collector,
) {
  if (schema.minimum !== undefined) {
    if (schema.exclusiveMinimum ? n <= schema.minimum : n < schema.minimum)
      c.invalid(
        path,
        n,
        `should be greater than ${
          schema.exclusiveMinimum ? '' : 'or equal to '
        }${schema.minimum}`,
      );
  }
  if (schema.maximum !== undefined) {
    if (schema.exclusiveMaximum ? n >= schema.maximum : n > schema.maximum)
      c.invalid(
        path,
        n,
        `should be less than ${schema.exclusiveMaximum ? '' : 'or equal to '}${
          schema.maximum
        }`,
      );
  }
  if (
    schema.multipleOf &&
    Math.abs(n / schema.multipleOf - Math.round(n / schema.multipleOf)) > 1e-9
  )
    c.invalid(path, n, `should be a multiple of ${schema.multipleOf}`);
  if (!inIntegerFormat(schema.format, n))
    c.invalid(path, n, `must be of type ${schema.format}: "${n}"`);
}

function checkArray(
  a: unknown[],
  schema: StructuralSchema,
  path: string,
  c: Collector,
) {
  if (schema.maxItems !== undefined && a.length > schema.maxItems) {
    // Like the API server: too many items is one error, the items are not walked.
    c.add(
      path,
      'FieldValueTooMany',
      `Too many: ${a.length}: must have at most ${schema.maxItems} items`,
    );
    return;
  }
  if (schema.minItems !== undefined && a.length < schema.minItems)
    c.invalid(path, a, `should have at least ${schema.minItems} items`);
  if (schema.items)
    a.forEach((item, i) => check(item, schema.items!, index(path, i), c));
  const listType = schema['x-kubernetes-list-type'];
  if (listType === 'set' || listType === 'map') {
    const keys = schema['x-kubernetes-list-map-keys'] ?? [];
    const seen = new Set<string>();
    a.forEach((item, i) => {
      const identity = JSON.stringify(
        listType === 'map' && isObject(item) ? keys.map(k => item[k]) : item,
      );
      if (seen.has(identity))
        c.add(
          index(path, i),
          'FieldValueDuplicate',
          `Duplicate value: ${listType === 'map' ? identity : shown(item)}`,
        );
      seen.add(identity);
    });
  }
}

function checkObject(
  o: Record<string, unknown>,
  schema: StructuralSchema,
  path: string,
  c: Collector,
) {
  for (const name of schema.required ?? []) {
    if (!own(o, name) || o[name] === undefined)
      c.add(child(path, name), 'FieldValueRequired', 'Required value');
  }
  const count = Object.keys(o).length;
  if (schema.maxProperties !== undefined && count > schema.maxProperties)
    c.add(
      path,
      'FieldValueTooMany',
      `Too many: ${count}: must have at most ${schema.maxProperties} items`,
    );
  if (schema.minProperties !== undefined && count < schema.minProperties)
    c.invalid(
      path,
      o,
      `should have at least ${schema.minProperties} properties`,
    );
  const additional = schema.additionalProperties;
  for (const k of Object.keys(o)) {
    if (own(schema.properties, k))
      check(o[k], schema.properties![k], child(path, k), c);
    else if (isObject(additional)) check(o[k], additional, key(path, k), c);
  }
}

/** allOf/anyOf/oneOf/not in a structural schema only add value constraints to the same field. */
function checkCombinators(
  value: unknown,
  schema: StructuralSchema,
  path: string,
  c: Collector,
) {
  for (const branch of schema.allOf ?? []) check(value, branch, path, c);
  const passes = (branch: StructuralSchema) =>
    validate(value, branch, path).length === 0;
  if (schema.anyOf && !schema.anyOf.some(passes))
    c.invalid(path, value, 'should match at least one schema (anyOf)');
  if (schema.oneOf && schema.oneOf.filter(passes).length !== 1)
    c.invalid(path, value, 'must validate one and only one schema (oneOf)');
  if (schema.not && passes(schema.not))
    c.invalid(path, value, 'must not validate the schema (not)');
}
