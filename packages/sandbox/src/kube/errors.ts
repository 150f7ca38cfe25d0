/** An API error, sent as a Kubernetes `Status` body. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  toStatus() {
    return {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: this.message,
      reason: this.reason,
      ...(this.details ? { details: this.details } : {}),
      code: this.code,
    };
  }
}

const resourceName = (plural: string, group: string) =>
  group ? `${plural}.${group}` : plural;

export const notFound = (plural: string, group: string, name: string) =>
  new ApiError(
    404,
    'NotFound',
    `${resourceName(plural, group)} "${name}" not found`,
    { name, group, kind: plural },
  );

export const alreadyExists = (plural: string, group: string, name: string) =>
  new ApiError(
    409,
    'AlreadyExists',
    `${resourceName(plural, group)} "${name}" already exists`,
    { name, group, kind: plural },
  );

export const conflict = (plural: string, group: string, name: string) =>
  new ApiError(
    409,
    'Conflict',
    `Operation cannot be fulfilled on ${resourceName(
      plural,
      group,
    )} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
    { name, group, kind: plural },
  );

export const invalid = (
  kind: string,
  group: string,
  name: string,
  causes: Array<{ field: string; message: string }>,
) =>
  new ApiError(
    422,
    'Invalid',
    `${kind} "${name}" is invalid: ${causes
      .map(c => `${c.field}: ${c.message}`)
      .join(', ')}`,
    {
      name,
      group,
      kind,
      causes: causes.map(c => ({
        reason: 'FieldValueInvalid',
        message: c.message,
        field: c.field,
      })),
    },
  );

export const badRequest = (message: string) =>
  new ApiError(400, 'BadRequest', message);
