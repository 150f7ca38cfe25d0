import { ApiError, badRequest } from '../errors';

/** A 422 as apierrors.NewInvalid words it: `Kind.group "name" is invalid: field: message`. */
export function invalidRequest(
  kind: string,
  group: string,
  name: string,
  field: string,
  message: string,
): ApiError {
  return new ApiError(
    422,
    'Invalid',
    `${kind}.${group} ${JSON.stringify(name)} is invalid: ${field}: ${message}`,
    {
      ...(name ? { name } : {}),
      group,
      kind,
      causes: [{ reason: 'FieldValueInvalid', message, field }],
    },
  );
}

/** The request body as a JSON object, or a 400 saying what it is instead. */
export function bodyObject(body: string, what: string): any {
  let value: unknown;
  try {
    value = JSON.parse(body || 'null');
  } catch (error) {
    throw badRequest(
      `the request body is not valid JSON: ${(error as Error).message}`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest(`the request body must be a ${what} object`);
  return value;
}

/** Checks that `value` is a string (or absent), with upstream's wording for a wrong type. */
export function optionalString(
  value: unknown,
  field: string,
  fail: (field: string, message: string) => ApiError,
): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string')
    throw fail(
      field,
      `Invalid value: ${JSON.stringify(value)}: must be a string`,
    );
  return value;
}
