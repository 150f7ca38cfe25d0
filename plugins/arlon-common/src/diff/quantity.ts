const SUFFIX: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/**
 * Longer than any quantity Kubernetes keeps (an int64 with a suffix): a
 * longer string is compared as text, and never reaches the pattern.
 */
const MAX_QUANTITY_LENGTH = 64;

/**
 * A Kubernetes quantity (`100m`, `0.1`, `1Gi`, `1e3`), as apimachinery's
 * resource.ParseQuantity reads it: digits, an optional fraction, an
 * optional exponent or suffix. The digits before and after the point are
 * matched one way only (the point is required to start a fraction), so a
 * long run of digits cannot make the match backtrack quadratically.
 */
const QUANTITY =
  /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)(n|u|m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$/;

/** A Kubernetes quantity (`100m`, `0.1`, `1Gi`, `1e3`) as a number, or undefined when it is not one. */
export function parseQuantity(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text.length > MAX_QUANTITY_LENGTH) return undefined;
  const m = QUANTITY.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * SUFFIX[m[2] ?? ''];
}

/**
 * Whether two values of a quantity field mean the same to Kubernetes:
 * `100m` = `0.1`, `"3"` = `3`. Only for fields Kubernetes types as
 * quantities (isQuantityField): elsewhere `"1.10"` and `"1.1"` differ.
 */
export function equivalentScalars(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const qa = parseQuantity(a);
  const qb = parseQuantity(b);
  return (
    qa !== undefined &&
    qb !== undefined &&
    Math.abs(qa - qb) <= Math.abs(qa) * 1e-12
  );
}
