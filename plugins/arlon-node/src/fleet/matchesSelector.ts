import { InputError } from '@backstage/errors';

/** Longer selectors are refused: a selector is a handful of terms, not a payload. */
export const MAX_SELECTOR_LENGTH = 1024;

/** At most 64 characters of input in a message. */
const shorten = (text: string) =>
  text.length > 64 ? `${text.slice(0, 64)}…` : text;

/**
 * Kubernetes label selector semantics over definitions' labels:
 * `a=b`, `a!=b`, `a in (x,y)`, `a notin (x)`, `a`, `!a`, comma-separated.
 */
export function matchesSelector(
  selector: string,
  labels: Record<string, string>,
): boolean {
  if (selector.length > MAX_SELECTOR_LENGTH)
    throw new InputError(
      `The label selector is ${selector.length} characters long, more than the ${MAX_SELECTOR_LENGTH} allowed; select with fewer terms`,
    );
  // Own labels only: `constructor` or `toString` is no label of any cluster.
  const has = (key: string) => Object.hasOwn(labels, key);
  const value = (key: string) => (has(key) ? labels[key] : undefined);
  const parts = selector.match(/[^,(]+(\([^)]*\))?/g) ?? [];
  return parts.every(raw => {
    const part = raw.trim();
    let m = /^([\w./-]+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(part);
    if (m) {
      const values = m[3].split(',').map(v => v.trim());
      return m[2] === 'in'
        ? has(m[1]) && values.includes(labels[m[1]])
        : !has(m[1]) || !values.includes(labels[m[1]]);
    }
    m = /^([\w./-]+)\s*(==|=|!=)\s*([\w.-]*)$/.exec(part);
    if (m) return m[2] === '!=' ? value(m[1]) !== m[3] : value(m[1]) === m[3];
    m = /^(!?)([\w./-]+)$/.exec(part);
    if (m) return m[1] ? !has(m[2]) : has(m[2]);
    throw new InputError(
      `Cannot read label selector at "${shorten(
        part,
      )}"; use forms such as env=prod, env in (dev,qa), !legacy`,
    );
  });
}
