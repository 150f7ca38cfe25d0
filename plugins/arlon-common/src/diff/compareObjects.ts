import { equivalentScalars } from './quantity';
import type { CrdQuantityFields } from './crdQuantityFields';
import { FieldPath, isQuantityField, ObjectType } from './quantityFields';

export interface FieldChange {
  /** `spec.template.spec.containers[name=web].image` */
  path: string;
  kind: 'added' | 'changed' | 'removed';
  from?: unknown;
  to?: unknown;
}

/** How list items are matched, by path suffix: Kubernetes' strategic merge keys. */
const MERGE_KEYS: Array<{ list: RegExp; keys: string[] }> = [
  {
    list: /(^|\.)(containers|initContainers|ephemeralContainers|volumes|env|volumeMounts|imagePullSecrets)$/,
    keys: ['name'],
  },
  { list: /(^|\.)ports$/, keys: ['containerPort', 'port', 'protocol', 'name'] },
];

/** Values the API server gives a merge key that is left out: a port's protocol is TCP. */
const KEY_DEFAULTS: Record<string, string> = { protocol: 'TCP' };

/**
 * Three-way comparison of desired against live. Fields only the live object
 * has (defaults, controller-set fields) are not differences, unless the last
 * applied configuration had them and desired dropped them (then: removed).
 * Equivalent quantities compare equal where Kubernetes types the field as a
 * quantity (see quantityFields.ts), any other value only to itself; lists of
 * named items match by their merge keys. `desired` and `live` are whole
 * objects: their `apiVersion` and `kind` say which fields are quantities
 * (for custom resources, `crdFields`: see quantityFieldsFromCrds).
 */
export function compareObjects(
  desired: unknown,
  live: unknown,
  applied?: unknown,
  crdFields?: CrdQuantityFields,
): FieldChange[] {
  const type: ObjectType = isObject(desired) ? desired : {};
  const changes: FieldChange[] = [];
  compare(
    desired,
    live,
    applied,
    { type, crdFields, path: '', fields: [] },
    changes,
  );
  return changes;
}

/** Where in the object a comparison is: the path shown, and the field names from the root. */
interface Place {
  type: ObjectType;
  /** Quantity fields of custom resources, from CRDs among the objects compared. */
  crdFields?: CrdQuantityFields;
  path: string;
  fields: FieldPath;
}

/** Appends to `changes` what differs at `at` (one array for the whole walk: no copies). */
function compare(
  desired: unknown,
  live: unknown,
  applied: unknown,
  at: Place,
  changes: FieldChange[],
): void {
  const { path } = at;
  const into = (key: string | number, label: string): Place => ({
    ...at,
    path: label,
    fields: [...at.fields, key],
  });
  // `[]` against `null` or `{}`: the same absence, written two ways.
  if (isEmpty(desired) && isEmpty(live)) return;
  if (isObject(desired) && isObject(live)) {
    for (const key of Object.keys(desired)) {
      const p = path ? `${path}.${key}` : key;
      if (!has(live, key)) {
        if (!isEmpty(desired[key]))
          changes.push({ path: p, kind: 'added', to: desired[key] });
      } else
        compare(
          desired[key],
          live[key],
          isObject(applied) && has(applied, key) ? applied[key] : undefined,
          into(key, p),
          changes,
        );
    }
    if (isObject(applied)) {
      for (const key of Object.keys(applied)) {
        if (!has(desired, key) && has(live, key) && !isEmpty(live[key]))
          changes.push({
            path: path ? `${path}.${key}` : key,
            kind: 'removed',
            from: live[key],
          });
      }
    }
    return;
  }
  if (Array.isArray(desired) && Array.isArray(live)) {
    const keys = mergeKeysFor(path, desired, live);
    if (keys) {
      // Every item is an object here (mergeKeysFor); a key an item leaves out
      // takes the API server's default, or counts as empty.
      const id = (item: any) =>
        keys.map(k => `${item[k] ?? KEY_DEFAULTS[k] ?? ''}`).join('/');
      const liveById = new Map(live.map(item => [id(item), item]));
      const appliedById = new Map(
        (Array.isArray(applied) ? applied : []).map(item => [id(item), item]),
      );
      const label = (item: any) =>
        `${path}[${keys
          .filter(k => item[k] !== undefined)
          .map(k => `${k}=${item[k]}`)
          .join(',')}]`;
      const wanted = new Set(desired.map(id));
      desired.forEach((item, i) => {
        const match = liveById.get(id(item));
        if (match === undefined)
          changes.push({ path: label(item), kind: 'added', to: item });
        else
          compare(
            item,
            match,
            appliedById.get(id(item)),
            into(i, label(item)),
            changes,
          );
      });
      for (const [itemId, item] of appliedById) {
        if (!wanted.has(itemId) && liveById.has(itemId))
          changes.push({
            path: label(item),
            kind: 'removed',
            from: liveById.get(itemId),
          });
      }
      return;
    }
    if (desired.length !== live.length) {
      changes.push({ path, kind: 'changed', from: live, to: desired });
      return;
    }
    desired.forEach((item, i) =>
      compare(
        item,
        live[i],
        Array.isArray(applied) ? applied[i] : undefined,
        into(i, `${path}[${i}]`),
        changes,
      ),
    );
    return;
  }
  // A scalar against an object or a list is one change (equivalentScalars
  // holds only for equal values or two quantities), as are two scalars that
  // mean different things. Equal values are the same whatever the field
  // (equivalentScalars holds for them): the field's type is looked up only
  // for values that differ.
  const same =
    desired === live ||
    (isQuantityField(at.type, at.fields, at.crdFields) &&
      equivalentScalars(desired, live));
  if (!same) changes.push({ path, kind: 'changed', from: live, to: desired });
}

function mergeKeysFor(
  path: string,
  desired: unknown[],
  live: unknown[],
): string[] | undefined {
  const items = [...desired, ...live];
  if (!items.every(isObject)) return undefined;
  // Keys no item has add the same (empty or default) part to every item's
  // identity, so they never change what matches.
  const keys = MERGE_KEYS.find(r => r.list.test(path))?.keys ?? ['name'];
  return items.length &&
    items.every(item => keys.some(k => (item as any)[k] !== undefined))
    ? keys
    : undefined;
}

/**
 * What an absent field reads as: the API server leaves out empty maps and
 * lists (`omitempty`), and `null` in an applied manifest removes a field.
 * `kubectl create --dry-run -o yaml` writes `creationTimestamp: null` in a
 * pod template, which newer API servers leave out.
 */
function isEmpty(value: unknown): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.keys(value).length === 0;
}

/** An own field: `constructor` or `toString` inherited by every object are no Kubernetes fields. */
function has(o: object, key: string): boolean {
  return Object.hasOwn(o, key);
}

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
