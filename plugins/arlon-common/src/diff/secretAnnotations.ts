import { MASK_CHANGED, MASK_TEXT } from './unifiedDiff';

/** kubectl's copy of what it applied: for a Secret, its values in plain JSON. */
export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

const masked = (v: unknown) => v === MASK_TEXT || v === MASK_CHANGED;

/**
 * Pure: whether a Secret's annotation shows Secret values. kubectl's
 * last-applied copy always can; any other annotation can when it holds a
 * JSON object with `data` or `stringData` (a copy some other tool keeps).
 * Normalisation strips the known bookkeeping annotations, but the values
 * must stay hidden even if it did not: masking and the import check both
 * ask this.
 */
export function annotationShowsSecret(key: string, value: unknown): boolean {
  if (key === LAST_APPLIED) return value !== MASK_TEXT;
  if (typeof value !== 'string') return false;
  return jsonShowsSecret(value);
}

/** Whether text holds a JSON object with an unmasked `data`/`stringData` value (unparsable JSON that names them counts). */
export function jsonShowsSecret(text: string): boolean {
  if (!/"(data|stringData)"\s*:/.test(text)) return false;
  try {
    const parsed = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object') return false;
    return ['data', 'stringData'].some(
      f =>
        f in parsed &&
        !(
          parsed[f] &&
          typeof parsed[f] === 'object' &&
          Object.values(parsed[f]).every(masked)
        ),
    );
  } catch {
    return true;
  }
}

/** A Secret with the annotations that show its values masked; other objects unchanged. */
export function maskSecretAnnotations<T>(object: T): T {
  const o: any = object;
  const annotations = o?.metadata?.annotations;
  if (o?.kind !== 'Secret' || !annotations || typeof annotations !== 'object')
    return object;
  const shown = Object.keys(annotations).filter(k =>
    annotationShowsSecret(k, annotations[k]),
  );
  if (!shown.length) return object;
  return {
    ...o,
    metadata: {
      ...o.metadata,
      annotations: {
        ...annotations,
        ...Object.fromEntries(shown.map(k => [k, MASK_TEXT])),
      },
    },
  };
}
