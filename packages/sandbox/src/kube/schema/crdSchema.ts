import { compiledPattern } from './patterns';
import { child, isObject, key, MAX_VIOLATIONS } from './types';

type Cause = { field: string; message: string };

const TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];
const LIST_TYPES = ['atomic', 'set', 'map'];
const MAP_TYPES = ['granular', 'atomic'];
const BOOLEANS = [
  'nullable',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'uniqueItems',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-int-or-string',
];
const NUMBERS = ['minimum', 'maximum', 'multipleOf'];
const COUNTS = [
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
];

/**
 * Shape errors in the `openAPIV3Schema` of each version of a
 * CustomResourceDefinition, as the API server refuses such a CRD: every
 * schema keyword with the type JSONSchemaProps gives it (`enum` a list,
 * `properties` a map of schemas, `items` one schema, `pattern` an RE2
 * expression). Without this a malformed CRD is stored and every later write
 * of its kind fails inside admission with a 500. Not checked: the structural
 * rules about where `type` is required, and CEL rules.
 */
export function crdSchemaViolations(crd: any): Cause[] {
  const causes: Cause[] = [];
  const versions = crd?.spec?.versions;
  if (!Array.isArray(versions)) return causes;
  versions.forEach((v: any, i: number) => {
    const schema = v?.schema?.openAPIV3Schema;
    if (schema !== undefined)
      checkNode(schema, `spec.versions[${i}].schema.openAPIV3Schema`, causes);
  });
  return causes;
}

function checkNode(node: unknown, path: string, causes: Cause[]): void {
  const add = (field: string, message: string) => {
    if (causes.length < MAX_VIOLATIONS) causes.push({ field, message });
  };
  if (!isObject(node)) {
    add(path, 'Invalid value: must be a schema object');
    return;
  }
  const at = (k: string) => child(path, k);
  if (node.type !== undefined && !TYPES.includes(node.type as string))
    add(
      at('type'),
      `Unsupported value: ${JSON.stringify(
        node.type,
      )}: supported values: ${TYPES.map(t => `"${t}"`).join(', ')}`,
    );
  for (const k of BOOLEANS)
    if (node[k] !== undefined && typeof node[k] !== 'boolean')
      add(at(k), 'Invalid value: must be a boolean');
  for (const k of NUMBERS)
    if (node[k] !== undefined && typeof node[k] !== 'number')
      add(at(k), 'Invalid value: must be a number');
  for (const k of COUNTS)
    if (
      node[k] !== undefined &&
      !(Number.isInteger(node[k]) && (node[k] as number) >= 0)
    )
      add(at(k), 'Invalid value: must be a non-negative integer');
  for (const k of ['enum', 'x-kubernetes-validations'])
    if (node[k] !== undefined && !Array.isArray(node[k]))
      add(at(k), 'Invalid value: must be a list');
  for (const k of ['required', 'x-kubernetes-list-map-keys'])
    if (
      node[k] !== undefined &&
      !(
        Array.isArray(node[k]) &&
        (node[k] as unknown[]).every(s => typeof s === 'string')
      )
    )
      add(at(k), 'Invalid value: must be a list of strings');
  if (node.format !== undefined && typeof node.format !== 'string')
    add(at('format'), 'Invalid value: must be a string');
  if (node.pattern !== undefined) {
    if (typeof node.pattern !== 'string')
      add(at('pattern'), 'Invalid value: must be a string');
    else if (compiledPattern(node.pattern) === null)
      add(
        at('pattern'),
        `Invalid value: ${JSON.stringify(
          node.pattern,
        )}: must be a valid regular expression (RE2 syntax)`,
      );
  }
  const listType = node['x-kubernetes-list-type'];
  if (listType !== undefined && !LIST_TYPES.includes(listType as string))
    add(
      at('x-kubernetes-list-type'),
      `Unsupported value: ${JSON.stringify(
        listType,
      )}: supported values: "atomic", "set", "map"`,
    );
  const mapType = node['x-kubernetes-map-type'];
  if (mapType !== undefined && !MAP_TYPES.includes(mapType as string))
    add(
      at('x-kubernetes-map-type'),
      `Unsupported value: ${JSON.stringify(
        mapType,
      )}: supported values: "granular", "atomic"`,
    );

  if (node.properties !== undefined) {
    if (!isObject(node.properties))
      add(at('properties'), 'Invalid value: must be a map of schemas');
    else
      for (const [name, sub] of Object.entries(node.properties))
        checkNode(sub, key(at('properties'), name), causes);
  }
  if (
    node.additionalProperties !== undefined &&
    typeof node.additionalProperties !== 'boolean'
  )
    checkNode(node.additionalProperties, at('additionalProperties'), causes);
  if (node.items !== undefined) {
    if (Array.isArray(node.items))
      add(
        at('items'),
        'Forbidden: items must be a schema object and not an array',
      );
    else checkNode(node.items, at('items'), causes);
  }
  for (const k of ['allOf', 'anyOf', 'oneOf']) {
    if (node[k] === undefined) continue;
    if (!Array.isArray(node[k]))
      add(at(k), 'Invalid value: must be a list of schemas');
    else
      (node[k] as unknown[]).forEach((sub, i) =>
        checkNode(sub, `${at(k)}[${i}]`, causes),
      );
  }
  if (node.not !== undefined) checkNode(node.not, at('not'), causes);
}
