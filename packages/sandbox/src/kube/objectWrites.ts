import { ApiError, conflict, invalid } from './errors';
import { ResourceType } from './resources';
import {
  managedFieldsAfterUpdate,
  ManagedFieldsEntry,
  validateManagedFields,
} from './serverSideApply';

/** What a write does to an object besides storing it: the API server's rules, as plain functions. */

export interface WriteOptions {
  dryRun?: boolean;
  fieldManager?: string;
  /** Managed fields computed by server-side apply: stored as given instead of tracked as an Update. */
  managedFields?: ManagedFieldsEntry[];
}

/** The second `now` last wrote, and what it wrote: one string a second, not one a write. */
let stamped = { second: NaN, text: '' };

/** Timestamps as the API server writes them: seconds, UTC. */
export function now() {
  const second = Math.floor(Date.now() / 1000);
  if (second !== stamped.second)
    stamped = {
      second,
      text: new Date(second * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
  return stamped.text;
}

/** The suffix `generateName` gets: five characters of Kubernetes' alphabet. */
function randomSuffix() {
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  return Array.from(
    { length: 5 },
    () => alphabet[Math.floor(Math.random() * alphabet.length)],
  ).join('');
}

/** A new object's name: given, or `generateName` and a random suffix; neither is a 422. */
export function nameObject(type: ResourceType, obj: any) {
  if (!obj.metadata.name && obj.metadata.generateName) {
    obj.metadata.name = `${obj.metadata.generateName}${randomSuffix()}`;
  }
  if (!obj.metadata.name) {
    throw invalid(type.kind, type.group, '', [
      {
        field: 'metadata.name',
        message: 'Required value: name or generateName is required',
      },
    ]);
  }
}

/** A PUT names the object of its URL, and (if it names one) the current resourceVersion: else 400 or 409. */
export function checkReplacement(
  type: ResourceType,
  name: string,
  incoming: any,
  current: any,
) {
  if (incoming.metadata?.name && incoming.metadata.name !== name) {
    throw new ApiError(
      400,
      'BadRequest',
      `the name of the object (${incoming.metadata.name}) does not match the name on the URL (${name})`,
    );
  }
  if (
    incoming.metadata?.resourceVersion &&
    incoming.metadata.resourceVersion !== current.metadata.resourceVersion
  ) {
    throw conflict(type.plural, type.group, name);
  }
}

/** On a replace, the metadata only the server sets stays as it was (name, uid, creation, generation, deletion). */
export function keepServerMetadata(
  type: ResourceType,
  current: any,
  next: any,
) {
  next.metadata = {
    ...next.metadata,
    name: current.metadata.name,
    namespace: current.metadata.namespace,
    uid: current.metadata.uid,
    creationTimestamp: current.metadata.creationTimestamp,
    generation: current.metadata.generation,
    ...(current.metadata.deletionTimestamp
      ? { deletionTimestamp: current.metadata.deletionTimestamp }
      : {}),
  };
  if (!type.namespaced) delete next.metadata.namespace;
}

/** Secrets take `stringData` as a convenience: it is folded into base64 `data`, as the real API server does. */
export function normalise(type: ResourceType, obj: any) {
  if (type.kind === 'Secret' && obj.stringData) {
    obj.data = { ...obj.data };
    for (const [k, v] of Object.entries<string>(obj.stringData))
      obj.data[k] = Buffer.from(String(v)).toString('base64');
    delete obj.stringData;
  }
}

/**
 * Equal objects, whatever their key order, resourceVersion aside: equal as
 * JSON, compared without writing either out (every write, dry runs
 * included, asks this; serialising both sides was most of its cost).
 */
export function sameContent(a: any, b: any): boolean {
  const strip = (o: any) => ({
    ...o,
    metadata: { ...o.metadata, resourceVersion: undefined },
  });
  return sameJson(strip(a), strip(b));
}

/** What JSON.stringify leaves out of an object (and writes as null in a list). */
const unwritten = (v: unknown) =>
  v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** A list item or scalar as JSON.stringify writes it: what it cannot write is null. */
const asWritten = (v: unknown) =>
  unwritten(v) || (typeof v === 'number' && !Number.isFinite(v)) ? null : v;

/**
 * Whether JSON.stringify would write `a` and `b` the same once object keys
 * are sorted: keys it leaves out (undefined, functions) do not count,
 * non-finite numbers and unwritable list items are null, and any object
 * counts by its own enumerable keys (as the sorted copy did).
 */
export function sameJson(left: unknown, right: unknown): boolean {
  const a = asWritten(left);
  const b = asWritten(right);
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const list = b as unknown[];
    if (a.length !== list.length) return false;
    for (let i = 0; i < a.length; i++)
      if (!sameJson(a[i], list[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const k of Object.keys(x)) {
    if (unwritten(x[k])) continue;
    count++;
    if (!Object.prototype.propertyIsEnumerable.call(y, k) || unwritten(y[k]))
      return false;
    if (!sameJson(x[k], y[k])) return false;
  }
  for (const k of Object.keys(y)) if (!unwritten(y[k])) count--;
  return count === 0;
}

/** A CRD's name must be `<plural>.<group>`. */
export function checkCrdName(crd: any) {
  const spec = crd.spec ?? {};
  const expected = `${spec.names?.plural}.${spec.group}`;
  if (crd.metadata.name !== expected) {
    throw invalid(
      'CustomResourceDefinition',
      'apiextensions.k8s.io',
      crd.metadata.name,
      [
        {
          field: 'metadata.name',
          message: `Invalid value: "${crd.metadata.name}": must be spec.names.plural+"."+spec.group`,
        },
      ],
    );
  }
}

/** The status a new CRD gets: established at once, its names accepted. */
export function establishedCrdStatus(crd: any) {
  return {
    conditions: [
      {
        type: 'Established',
        status: 'True',
        reason: 'InitialNamesAccepted',
        lastTransitionTime: now(),
      },
    ],
    acceptedNames: crd.spec.names,
  };
}

/**
 * Sets `obj.metadata.managedFields`: as server-side apply computed them, or
 * tracked as an Update by `options.fieldManager`. Malformed entries a client
 * sent are a 422 before anything is written.
 */
export function recordManagedFields(
  type: ResourceType,
  current: any,
  obj: any,
  options: WriteOptions & { subresource?: 'status' },
) {
  const sent = obj.metadata.managedFields;
  const causes = validateManagedFields(sent);
  if (causes.length)
    throw invalid(type.kind, type.group, obj.metadata.name, causes);
  const managedFields =
    options.managedFields ??
    managedFieldsAfterUpdate({
      type,
      before: current,
      after: obj,
      sent,
      manager: options.fieldManager,
      apiVersion: obj.apiVersion,
      subresource: options.subresource,
      time: now(),
    });
  if (managedFields) obj.metadata.managedFields = managedFields;
  else delete obj.metadata.managedFields;
}
