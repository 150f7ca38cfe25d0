/**
 * One server-side apply request, from its YAML body to the object and managed
 * fields to store: what the API server's PATCH handler does for
 * `application/apply-patch+yaml` (k8s.io/apiserver/pkg/endpoints/handlers/patch.go
 * applyPatcher, fieldmanager.Apply).
 */
import { refuseDeepNesting } from '../requestLimits';
import { badRequest } from '../errors';
import { readApplyBody } from './applyBody';
import { apiVersionOf, ResourceType } from '../resources';
import { serverSideApply } from './apply';
import {
  decodeManagedFields,
  encodeManagedFields,
  ManagedFieldsEntry,
} from './managedFields';

export interface ApplyPatchResult {
  object: any;
  managedFields: ManagedFieldsEntry[] | undefined;
}

/** Parses an apply patch: a YAML (or JSON) object with the URL's kind and apiVersion, and no managedFields. */
export function parseApplyPatch(
  type: ResourceType,
  name: string,
  body: string,
): any {
  let value: unknown;
  try {
    value = readApplyBody(body);
  } catch (error) {
    throw badRequest(
      `the apply patch is not valid YAML: ${(error as Error).message}`,
    );
  }
  refuseDeepNesting(value, 'the apply patch');
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest(
      'an apply patch must be an object (the full configuration you want to own: apiVersion, kind, metadata.name and the fields you set)',
    );
  const applied: any = value;
  // Server-side apply needs both to know the schema it applies against.
  if (applied.apiVersion !== apiVersionOf(type) || applied.kind !== type.kind)
    throw badRequest(
      `an apply patch must carry apiVersion "${apiVersionOf(type)}" and kind "${
        type.kind
      }" (got ${JSON.stringify(
        applied.apiVersion ?? null,
      )} and ${JSON.stringify(applied.kind ?? null)})`,
    );
  if (
    applied.metadata !== undefined &&
    (typeof applied.metadata !== 'object' ||
      applied.metadata === null ||
      Array.isArray(applied.metadata))
  )
    throw badRequest('metadata of an apply patch must be an object');
  if (applied.metadata?.managedFields !== undefined)
    throw badRequest(
      'metadata.managedFields must be nil in an apply patch: the server records who owns what',
    );
  if (applied.metadata?.name !== undefined && applied.metadata.name !== name)
    throw badRequest(
      `the name of the object (${applied.metadata.name}) does not match the name on the URL (${name})`,
    );
  return applied;
}

/** The object and managed fields after `manager` applies `body` to `live` (undefined: apply creates it). */
export function applyPatch(options: {
  type: ResourceType;
  name: string;
  live: any;
  body: string;
  manager: string;
  force: boolean;
  subresource?: string;
  time: string;
}): ApplyPatchResult {
  const applied = parseApplyPatch(options.type, options.name, options.body);
  const { object, owners } = serverSideApply({
    live: options.live,
    owners: decodeManagedFields(options.live?.metadata?.managedFields),
    applied: {
      ...applied,
      metadata: { ...applied.metadata, name: options.name },
    },
    manager: options.manager,
    force: options.force,
    apiVersion: apiVersionOf(options.type),
    subresource: options.subresource,
    statusIsSubresource: !!options.type.statusSubresource,
    time: options.time,
  });
  const managedFields = encodeManagedFields(owners);
  // The store takes managed fields from the options, not the body.
  delete object.metadata?.managedFields;
  return { object, managedFields };
}
