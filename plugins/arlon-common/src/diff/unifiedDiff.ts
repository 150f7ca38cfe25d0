import { createTwoFilesPatch } from 'diff';
import { stringify } from 'yaml';
import { equivalentScalars } from './quantity';
import type { CrdQuantityFields } from './crdQuantityFields';
import { FieldPath, isQuantityField } from './quantityFields';

export const MASK_TEXT = '*** (masked)';
export const MASK_CHANGED = '*** (masked, changed)';

/**
 * Live projected onto the fields desired sets: what live has for exactly
 * what desired says, so the text diff shows intent, not defaults.
 */
export function projectLive(live: unknown, desired: unknown): unknown {
  if (isObject(live) && isObject(desired)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(desired))
      if (Object.hasOwn(live, k)) out[k] = projectLive(live[k], desired[k]);
    return out;
  }
  if (
    Array.isArray(live) &&
    Array.isArray(desired) &&
    desired.every(d => isObject(d) && Object.hasOwn(d, 'name'))
  ) {
    return desired.flatMap(d => {
      const match = live.find(l => isObject(l) && l.name === (d as any).name);
      return match === undefined ? [] : [projectLive(match, d)];
    });
  }
  return live;
}

/**
 * Live with the quantities that are equivalent to desired's (`100m` and
 * `0.1` in a container's resources) written as desired writes them, so the
 * text diff shows only what the structured comparison counts. `live` and
 * `desired` are whole objects: desired's kind says where quantities are.
 */
export function alignEquivalent(
  live: unknown,
  desired: unknown,
  crdFields?: CrdQuantityFields,
): unknown {
  const isQuantity = (fields: FieldPath) =>
    isQuantityField(isObject(desired) ? desired : {}, fields, crdFields);
  return align(live, desired, isQuantity, []);
}

function align(
  live: unknown,
  desired: unknown,
  isQuantity: (fields: FieldPath) => boolean,
  fields: FieldPath,
): unknown {
  if (isObject(live) && isObject(desired)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(live))
      out[k] = Object.hasOwn(desired, k)
        ? align(v, desired[k], isQuantity, [...fields, k])
        : v;
    return out;
  }
  if (Array.isArray(live) && Array.isArray(desired)) {
    const byName = (item: unknown) =>
      isObject(item) && Object.hasOwn(item, 'name')
        ? desired.find(d => isObject(d) && d.name === item.name)
        : undefined;
    return live.map((item, i) =>
      align(item, byName(item) ?? desired[i], isQuantity, [...fields, i]),
    );
  }
  // A mapping or list against anything else: equivalentScalars compares only
  // numbers and text, so live stays as it is.
  return isQuantity(fields) && equivalentScalars(desired, live)
    ? desired
    : live;
}

/** Secret `data` values masked on both sides, with changed ones marked on the desired side. */
export function maskSecretPair(live: any, desired: any): [any, any] {
  const maskOne = (o: any, other: any, marked: boolean) => {
    if (!o || o.kind !== 'Secret' || !o.data) return o;
    const data = Object.fromEntries(
      Object.keys(o.data).map(k => [
        k,
        marked && other?.data?.[k] !== o.data[k] ? MASK_CHANGED : MASK_TEXT,
      ]),
    );
    return { ...o, data };
  };
  return [maskOne(live, desired, false), maskOne(desired, live, true)];
}

/** A unified diff of two objects as YAML (`undefined` for one side: a create or a delete). */
export function unifiedYamlDiff(
  name: string,
  live: unknown,
  desired: unknown,
): string {
  const text = (o: unknown) =>
    o === undefined ? '' : stringify(o, { lineWidth: 0 });
  return createTwoFilesPatch(
    `live/${name}`,
    `desired/${name}`,
    text(live),
    text(desired),
    '',
    '',
    { context: 3 },
  );
}

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
