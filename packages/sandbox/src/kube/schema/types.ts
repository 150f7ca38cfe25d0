/**
 * The subset of OpenAPI v3 a structural CustomResourceDefinition schema may
 * use (apiextensions.k8s.io/v1 JSONSchemaProps), as read from a CRD version's
 * `schema.openAPIV3Schema`.
 */
export interface StructuralSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  format?: string;
  properties?: Record<string, StructuralSchema>;
  additionalProperties?: StructuralSchema | boolean;
  items?: StructuralSchema;
  required?: string[];
  enum?: unknown[];
  pattern?: string;
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  allOf?: StructuralSchema[];
  anyOf?: StructuralSchema[];
  oneOf?: StructuralSchema[];
  not?: StructuralSchema;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: string;
  'x-kubernetes-validations'?: unknown[];
}

/** Why a field was refused, as the API server names it in a Status cause's `reason`. */
export type ViolationReason =
  | 'FieldValueRequired'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueTypeInvalid'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'FieldValueDuplicate';

/** One refused field: `field` is a Kubernetes field path (`spec.topology.workers.machineDeployments[0].class`). */
export interface Violation {
  field: string;
  reason: ViolationReason;
  /** The API server's words after the path (`Required value`, `Unsupported value: "x": supported values: "a", "b"`). */
  message: string;
}

/** What the API server would store, and what it had to say about the object. */
export interface AdmissionResult {
  /** The object after pruning and defaulting. */
  object: any;
  /** Field paths of unknown fields that were pruned (what `fieldValidation=Strict` refuses). */
  unknownFields: string[];
  violations: Violation[];
}

/** Objects nested deeper than this are refused before anything walks them (copying or serialising them would exhaust the stack). */
export const MAX_NESTING = 256;

/** Violations reported past this count are summarised: a hostile body cannot make the answer huge. */
export const MAX_VIOLATIONS = 100;

export const own = (o: object | undefined, key: string): boolean =>
  o !== undefined && Object.prototype.hasOwnProperty.call(o, key);

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A field path step: `.name` for a property, `[key]` for a map key, `[3]` for an index. */
export const child = (path: string, name: string) =>
  path ? `${path}.${name}` : name;
export const key = (path: string, k: string) => `${path}[${k}]`;
export const index = (path: string, i: number) => `${path}[${i}]`;

/** Sets an own property, even one called `__proto__`, without touching the prototype. */
export function setOwn(o: Record<string, unknown>, k: string, value: unknown) {
  Object.defineProperty(o, k, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
