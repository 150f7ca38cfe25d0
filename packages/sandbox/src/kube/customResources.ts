import { crdSchemaOf, onCrdChange } from './crdSchemas';
import { ApiError, badRequest } from './errors';
import { ObjectStore, typeKeyOf } from './ObjectStore';
import { ResourceType } from './resources';
import { admitCustomResource, StructuralSchema, Violation } from './schema';

/** `?fieldValidation=`: what the API server does with unknown fields. */
export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

/**
 * How a write meets unknown fields: by its `fieldValidation`, or, for a
 * server-side apply, always refused (the field manager types the applied
 * configuration against the schema before any fieldValidation applies).
 */
export type UnknownFieldMode = FieldValidation | 'Apply';

/** The directive a request asks for; the API server's default is Warn. */
export function fieldValidationOf(q: URLSearchParams): FieldValidation {
  const value = q.get('fieldValidation');
  if (value === null || value === '') return 'Warn';
  if (value === 'Strict' || value === 'Warn' || value === 'Ignore')
    return value;
  throw badRequest(
    `fieldValidation parameter "${value}" is not one of Ignore, Warn, Strict`,
  );
}

/** A 422 Invalid naming every refused field, as kube-apiserver answers. */
export function invalidCustomResource(
  type: ResourceType,
  name: string,
  violations: Violation[],
): ApiError {
  const list = violations.map(v => `${v.field}: ${v.message}`);
  return new ApiError(
    422,
    'Invalid',
    `${type.kind}.${type.group} "${name}" is invalid: ${
      list.length === 1 ? list[0] : `[${list.join(', ')}]`
    }`,
    {
      name,
      group: type.group,
      kind: type.kind,
      causes: violations.map(v => ({
        reason: v.reason,
        message: v.message,
        field: v.field,
      })),
    },
  );
}

/**
 * Admission of custom resources against their CRD's schema: pruning,
 * defaulting and validation for the version of the request, with
 * `fieldValidation` deciding what unknown fields cost. Built-in kinds have no
 * CRD and pass through untouched.
 */
export class CustomResourceAdmission {
  private readonly schemas = new Map<string, StructuralSchema | null>();

  constructor(private readonly store: ObjectStore) {
    // A changed or deleted CRD changes the schemas: forget them.
    onCrdChange(store, () => this.schemas.clear());
  }

  /**
   * The object to store and the warnings to send (`Warning` headers), or an
   * ApiError: 400 for unknown fields under Strict (the API server's strict
   * decoding error), 422 for invalid fields. The status of a kind with a
   * status subresource is not the main resource's to write: it is left as
   * sent for the store to replace.
   */
  admit(
    type: ResourceType,
    object: any,
    fieldValidation: UnknownFieldMode,
  ): { object: any; warnings: string[] } {
    const schema = this.schemaOf(type);
    if (!schema) return { object, warnings: [] };
    const { status, ...rest } = object;
    const subject = type.statusSubresource ? rest : object;
    const result = admitCustomResource(subject, schema);
    const warnings = this.verdict(type, object, result, fieldValidation);
    const admitted =
      type.statusSubresource && status !== undefined
        ? { ...result.object, status }
        : result.object;
    return { object: admitted, warnings };
  }

  /**
   * A write to the status subresource, which takes only `status` from the
   * body: `status` is pruned, defaulted and validated against the schema's
   * `status` property with the same fieldValidation rules (the rest of the
   * body is ignored by the store, as by the API server).
   */
  admitStatus(
    type: ResourceType,
    object: any,
    fieldValidation: UnknownFieldMode,
  ): { object: any; warnings: string[] } {
    const statusSchema = this.schemaOf(type)?.properties?.status;
    if (!statusSchema || object?.status === undefined)
      return { object, warnings: [] };
    const result = admitCustomResource(
      { status: object.status },
      { type: 'object', properties: { status: statusSchema } },
    );
    const warnings = this.verdict(type, object, result, fieldValidation);
    return { object: { ...object, status: result.object.status }, warnings };
  }

  /** Throws what the API server answers for `result`, or returns the warnings to send. */
  private verdict(
    type: ResourceType,
    object: any,
    result: ReturnType<typeof admitCustomResource>,
    fieldValidation: UnknownFieldMode,
  ): string[] {
    if (result.unknownFields.length && fieldValidation === 'Apply')
      throw notDeclaredInSchema(type, object, result.unknownFields);
    if (result.unknownFields.length && fieldValidation === 'Strict') {
      throw badRequest(
        `${type.kind} in version "${type.version}" cannot be handled as a ${
          type.kind
        }: strict decoding error: ${result.unknownFields
          .map(f => `unknown field "${f}"`)
          .join(', ')}`,
      );
    }
    if (result.violations.length)
      throw invalidCustomResource(
        type,
        object?.metadata?.name ?? '',
        result.violations,
      );
    return fieldValidation === 'Warn'
      ? result.unknownFields.map(f => `unknown field "${f}"`)
      : [];
  }

  private schemaOf(type: ResourceType): StructuralSchema | undefined {
    const key = `${typeKeyOf(type)}/${type.version}`;
    if (!this.schemas.has(key))
      this.schemas.set(key, crdSchemaOf(this.store, type) ?? null);
    return this.schemas.get(key) ?? undefined;
  }
}

/**
 * kube-apiserver's answer to an apply patch with fields its schema does not
 * declare (structured-merge-diff's typed conversion): a 500 with no reason
 * in the releases the sandbox stands for (kubernetes/kubernetes#139253).
 */
function notDeclaredInSchema(
  type: ResourceType,
  object: any,
  fields: string[],
): ApiError {
  const errors = fields.map(f => `.${f}: field not declared in schema`);
  const which = `${object?.metadata?.namespace ?? ''}/${
    object?.metadata?.name ?? ''
  }; ${type.group}/${type.version}, Kind=${type.kind}`;
  return new ApiError(
    500,
    'InternalError',
    `failed to create typed patch object (${which}): ${
      errors.length === 1 ? errors[0] : `errors:\n  ${errors.join('\n  ')}`
    }`,
  );
}

const admissions = new WeakMap<ObjectStore, CustomResourceAdmission>();

/** One admission per store (it watches the store's CRDs and keeps their schemas): the API server's, and that of controllers that write as a client would, through the API server's checks. */
export function admissionFor(store: ObjectStore): CustomResourceAdmission {
  let admission = admissions.get(store);
  if (!admission) {
    admission = new CustomResourceAdmission(store);
    admissions.set(store, admission);
  }
  return admission;
}

/** The API server's bounds on warnings (apiserver/pkg/endpoints/filters/warning.go), in runes. */
const WARNINGS_TOTAL_RUNES = 4 * 1024;
const WARNING_ITEM_RUNES = 256;

/**
 * `Warning` header values, as the API server sends them (RFC 7234 code 299):
 * duplicates once, and past 4096 runes in all each truncated to 256 runes
 * and the rest dropped, so a body with thousands of unknown fields cannot
 * make a header no client will read (Node's limit is 16 KiB).
 */
export function warningHeaders(warnings: string[]): string[] {
  const unique = [...new Set(warnings)];
  const runes = (w: string) => [...w].length;
  let kept = unique;
  if (unique.reduce((n, w) => n + runes(w), 0) > WARNINGS_TOTAL_RUNES) {
    kept = [];
    let written = 0;
    for (const w of unique) {
      if (written >= WARNINGS_TOTAL_RUNES) break;
      const item = [...w].slice(0, WARNING_ITEM_RUNES).join('');
      kept.push(item);
      written += runes(item);
    }
  }
  return kept.map(w => `299 - ${JSON.stringify(w)}`);
}
