/**
 * Server-side apply (PATCH with `application/apply-patch+yaml`), as
 * structured-merge-diff does it, without a schema: the applied configuration
 * is merged into the live object (keyed lists by their key, other lists
 * atomic), fields the manager applied before and no longer applies are
 * removed unless another manager owns them, and a field another manager owns
 * with a different value is a conflict (409) unless `force` hands it over.
 */
import { ApiError } from '../errors';
import {
  decode,
  encode,
  fieldSetOf,
  listKey,
  Path,
  printPath,
  removeAt,
  sameValue,
  valueAt,
} from './fieldSet';
import { ownsWithin, Ownership, sameOwner, trackedPart } from './managedFields';
import { copyJson, isObject, Obj } from '../jsonObject';

export interface ApplyRequest {
  /** The stored object, or undefined when apply creates it. */
  live: Obj | undefined;
  /** Its decoded managed fields. */
  owners: Ownership[];
  applied: Obj;
  manager: string;
  force: boolean;
  apiVersion: string;
  subresource?: string;
  statusIsSubresource: boolean;
  time: string;
}

export interface ApplyResult {
  object: Obj;
  owners: Ownership[];
}

export function serverSideApply(request: ApplyRequest): ApplyResult {
  const { live, applied, manager } = request;
  const appliedPart = trackedPart(
    applied,
    request.subresource,
    request.statusIsSubresource,
  );
  const appliedSet = fieldSetOf(appliedPart);
  const entry: Ownership['entry'] = {
    manager,
    operation: 'Apply',
    apiVersion: request.apiVersion,
    time: request.time,
    fieldsType: 'FieldsV1',
    ...(request.subresource ? { subresource: request.subresource } : {}),
  };
  const others = request.owners.filter(o => !sameOwner(o.entry, entry));
  const previous = request.owners.find(o => sameOwner(o.entry, entry));

  // Conflicts: a field another manager owns, applied with a different value.
  const conflicts = new Map<string, string[]>(); // manager -> printed paths
  const taken = new Set<string>();
  if (live) {
    for (const key of appliedSet) {
      // Only a field another manager owns can conflict: asked first, as it is cheap.
      const holders = others.filter(o => o.fields.has(key));
      if (holders.length === 0) continue;
      const path = decode(key);
      if (path[path.length - 1] === '.') continue;
      const current = valueAt(live, path);
      if (current === undefined) continue;
      // The same value, however its object keys are ordered, is shared, not a conflict.
      if (sameValue(current, valueAt(appliedPart, path))) continue;
      for (const o of holders) {
        taken.add(key);
        const list = conflicts.get(o.entry.manager) ?? [];
        list.push(printPath(path));
        conflicts.set(o.entry.manager, list);
      }
    }
  }
  for (const paths of conflicts.values()) paths.sort();
  if (conflicts.size > 0 && !request.force)
    throw conflictError(conflicts, request.apiVersion);

  const owners: Ownership[] = others.map(o => ({
    entry: o.entry,
    fields: new Set([...o.fields].filter(k => !taken.has(k))),
  }));
  // Fields this manager stops applying go, unless someone else still owns them.
  const object: Obj = copyJson(live ?? {});
  const dropped = [...(previous?.fields ?? [])].filter(k => !appliedSet.has(k));
  for (const key of dropped.sort().reverse()) {
    const path = decode(key);
    if (
      owners.some(
        o =>
          o.fields.has(key) ||
          (path[path.length - 1] === '.' && ownsWithin(o.fields, path)),
      )
    )
      continue;
    removeAt(object, path);
  }
  const merged = mergeApplied(object, applied) as Obj;
  owners.push({ entry, fields: appliedSet });
  return { object: merged, owners };
}

/** Merges `applied` into `live`: objects field by field, keyed lists item by item, anything else replaced. */
export function mergeApplied(
  live: unknown,
  applied: unknown,
  field = '',
): unknown {
  if (Array.isArray(applied)) {
    const key = Array.isArray(live)
      ? listKey(field, [...live, ...applied])
      : undefined;
    if (!key) return copyJson(applied);
    const result = (live as Obj[]).map(item => copyJson(item));
    for (const item of applied as Obj[]) {
      const i = result.findIndex(r => r[key] === item[key]);
      if (i >= 0) result[i] = mergeApplied(result[i], item) as Obj;
      else result.push(copyJson(item));
    }
    return result;
  }
  if (!isObject(applied)) return copyJson(applied);
  const result: Obj = isObject(live) ? { ...live } : {};
  for (const [k, v] of Object.entries(applied)) {
    if (v === null) delete result[k];
    else result[k] = mergeApplied(result[k], v, k);
  }
  return result;
}

/** 409 Conflict, with one FieldManagerConflict cause per field, worded as upstream (kubectl prints them). */
function conflictError(
  conflicts: Map<string, string[]>,
  apiVersion: string,
): ApiError {
  const causes = [...conflicts].flatMap(([manager, paths]) =>
    paths.map(field => ({
      reason: 'FieldManagerConflict',
      message: `conflict with "${manager}" using ${apiVersion}`,
      field,
    })),
  );
  const count = causes.length;
  const body =
    count === 1
      ? `${causes[0].message}: ${causes[0].field}`
      : [...conflicts]
          .map(
            ([manager, paths]) =>
              `conflict${
                paths.length > 1 ? 's' : ''
              } with "${manager}" using ${apiVersion}:\n${paths
                .map(p => `- ${p}`)
                .join('\n')}`,
          )
          .join('\n');
  return new ApiError(
    409,
    'Conflict',
    `Apply failed with ${count} conflict${count === 1 ? '' : 's'}: ${body}`,
    { causes },
  );
}

export type { Path };
export { encode };
