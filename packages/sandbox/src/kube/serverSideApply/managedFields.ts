/**
 * `metadata.managedFields`: who set which field, by manager and operation
 * (Apply for server-side apply, Update for everything else), as the API
 * server's field manager records it (k8s.io/apiserver/pkg/endpoints/handlers/
 * fieldmanager, k8s.io/apimachinery/pkg/api/validation ValidateManagedFields).
 */
import {
  encode,
  fieldValuesOf,
  FieldsV1Error,
  fromFieldsV1,
  Path,
  sameValue,
  toFieldsV1,
} from './fieldSet';

export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time: string;
  fieldsType: 'FieldsV1';
  fieldsV1: Record<string, unknown>;
  subresource?: string;
}

/** A manager's fields, decoded. */
export interface Ownership {
  entry: Omit<ManagedFieldsEntry, 'fieldsV1'>;
  fields: Set<string>;
}

/** Metadata the field manager never tracks (upstream strips these before computing sets). */
const UNTRACKED_METADATA = [
  'name',
  'namespace',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
  'selfLink',
];

/** The part of `obj` a write to `subresource` owns: `status` for `/status`, the rest otherwise. */
export function trackedPart(
  obj: any,
  subresource: string | undefined,
  statusIsSubresource: boolean,
): any {
  if (!obj) return {};
  if (subresource === 'status')
    return obj.status === undefined ? {} : { status: obj.status };
  const { apiVersion: _v, kind: _k, metadata, status, ...rest } = obj;
  const meta = { ...metadata };
  for (const field of UNTRACKED_METADATA) delete meta[field];
  return {
    ...(Object.keys(meta).length ? { metadata: meta } : {}),
    ...rest,
    ...(statusIsSubresource || status === undefined ? {} : { status }),
  };
}

/** One cause per malformed entry, in the API server's 422 words; none when `entries` is well formed or absent. */
export function validateManagedFields(
  entries: unknown,
): Array<{ field: string; message: string }> {
  if (entries === undefined || entries === null) return [];
  if (!Array.isArray(entries))
    return [
      {
        field: 'metadata.managedFields',
        message: 'Invalid value: must be a list of entries',
      },
    ];
  const causes: Array<{ field: string; message: string }> = [];
  entries.forEach((e: any, i) => {
    const at = `metadata.managedFields[${i}]`;
    if (typeof e !== 'object' || e === null || Array.isArray(e)) {
      causes.push({ field: at, message: 'Invalid value: must be an object' });
      return;
    }
    if (Object.keys(e).length === 0) return; // [{}] is how clients clear managedFields
    if (e.operation !== 'Apply' && e.operation !== 'Update')
      causes.push({
        field: `${at}.operation`,
        message: `Unsupported value: ${JSON.stringify(
          e.operation,
        )}: supported values: "Apply", "Update"`,
      });
    if (e.fieldsType !== 'FieldsV1')
      causes.push({
        field: `${at}.fieldsType`,
        message: `Unsupported value: ${JSON.stringify(
          e.fieldsType,
        )}: supported values: "FieldsV1"`,
      });
    if (typeof e.manager !== 'string' || e.manager.length > 128)
      causes.push({
        field: `${at}.manager`,
        message: 'Invalid value: must be a string of at most 128 characters',
      });
    try {
      fromFieldsV1(e.fieldsV1 ?? {});
    } catch (error) {
      if (!(error instanceof FieldsV1Error)) throw error;
      causes.push({
        field: `${at}.fieldsV1`,
        message: `Invalid value: ${error.message}`,
      });
    }
  });
  return causes;
}

/** Decoded ownership; entries that clear (`{}`) are dropped. Call {@link validateManagedFields} first. */
export function decodeManagedFields(entries: unknown): Ownership[] {
  if (!Array.isArray(entries)) return [];
  return entries
    .filter((e: any) => e && typeof e.manager === 'string')
    .map(({ fieldsV1, ...entry }: any) => ({
      entry,
      fields: fromFieldsV1(fieldsV1 ?? {}),
    }));
}

export function encodeManagedFields(
  owners: Ownership[],
): ManagedFieldsEntry[] | undefined {
  const kept = owners.filter(o => o.fields.size > 0);
  if (kept.length === 0) return undefined;
  return kept.map(
    o => ({ ...o.entry, fieldsV1: toFieldsV1(o.fields) } as ManagedFieldsEntry),
  );
}

const sameOwner = (a: Ownership['entry'], b: Ownership['entry']) =>
  a.manager === b.manager &&
  a.operation === b.operation &&
  (a.subresource ?? '') === (b.subresource ?? '');

/** Whether `path`, or a path inside it, is in `set` (a list item is owned while any of its fields are). */
export function ownsWithin(set: Set<string>, path: Path): boolean {
  const base = path[path.length - 1] === '.' ? path.slice(0, -1) : path;
  const prefix = encode(base).slice(0, -1);
  for (const key of set) if (key.startsWith(prefix)) return true;
  return false;
}

/**
 * Ownership after an Update (create, PUT, JSON/merge/strategic patch) by
 * `manager`: it gains every field it set or changed, which other managers
 * lose; fields gone from the object leave every set. Without a manager the
 * change is still taken from the others, but recorded for no one.
 */
export function trackUpdate(options: {
  owners: Ownership[];
  before: any;
  after: any;
  manager: string | undefined;
  apiVersion: string;
  subresource?: string;
  time: string;
}): Ownership[] {
  // Paths with their values, each side walked once (every write of every object passes here).
  const beforeSet = fieldValuesOf(options.before);
  const afterSet = fieldValuesOf(options.after);
  const changed = new Set<string>();
  for (const [k, value] of afterSet)
    if (!beforeSet.has(k) || !sameValue(beforeSet.get(k), value))
      changed.add(k);
  // Only paths of the part this write covers can go (a /status write never drops spec ownership).
  const gone = (k: string) => beforeSet.has(k) && !afterSet.has(k);
  const entry: Ownership['entry'] | undefined = options.manager
    ? {
        manager: options.manager,
        operation: 'Update',
        apiVersion: options.apiVersion,
        time: options.time,
        fieldsType: 'FieldsV1',
        ...(options.subresource ? { subresource: options.subresource } : {}),
      }
    : undefined;
  const next: Ownership[] = options.owners.map(o => ({
    entry: o.entry,
    fields: new Set([...o.fields].filter(k => !changed.has(k) && !gone(k))),
  }));
  if (entry && changed.size > 0) {
    const mine = next.find(o => sameOwner(o.entry, entry));
    const previous = options.owners.find(o => sameOwner(o.entry, entry));
    const fields = new Set(
      [...(previous?.fields ?? []), ...changed].filter(k => !gone(k)),
    );
    if (mine) {
      mine.entry = entry;
      mine.fields = fields;
    } else next.push({ entry, fields });
  }
  return next;
}

export { sameOwner };
