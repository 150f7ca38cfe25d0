import { applyDefaults } from './defaults';
import { prune } from './prune';
import { AdmissionResult, MAX_NESTING, StructuralSchema } from './types';
import { deeperThan } from './depth';
import { validate } from './validate';

export type { AdmissionResult, StructuralSchema, Violation } from './types';

/**
 * What kube-apiserver does to a custom resource before storing it, for one
 * CRD version's `openAPIV3Schema`: prune unknown fields, apply defaults, then
 * validate. `object` is a copy; the input is left as sent.
 */
export function admitCustomResource(
  object: unknown,
  schema: StructuralSchema,
): AdmissionResult {
  const tooDeep = deeperThan(object, MAX_NESTING);
  if (tooDeep !== undefined) {
    return {
      object,
      unknownFields: [],
      violations: [
        {
          field: tooDeep,
          reason: 'FieldValueInvalid',
          message: `Invalid value: "object": nested deeper than ${MAX_NESTING} levels`,
        },
      ],
    };
  }
  const copy = JSON.parse(JSON.stringify(object ?? null));
  const unknownFields = prune(copy, schema);
  applyDefaults(copy, schema);
  // metadata is ObjectMeta, checked by the API server's own rules, never by the CRD schema
  const { metadata: _metadata, ...rest } = schema.properties ?? {};
  const violations = validate(copy, { ...schema, properties: rest });
  return { object: copy, unknownFields, violations };
}
