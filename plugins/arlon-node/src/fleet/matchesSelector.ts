import { InputError } from '@backstage/errors';

/**
 * Kubernetes label selector semantics over definitions' labels:
 * `a=b`, `a!=b`, `a in (x,y)`, `a notin (x)`, `a`, `!a`, comma-separated.
 */
export function matchesSelector(
  selector: string,
  labels: Record<string, string>,
): boolean {
  const parts = selector.match(/[^,(]+(\([^)]*\))?/g) ?? [];
  return parts.every(raw => {
    const part = raw.trim();
    let m = /^([\w./-]+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(part);
    if (m) {
      const values = m[3].split(',').map(v => v.trim());
      return m[2] === 'in'
        ? m[1] in labels && values.includes(labels[m[1]])
        : !(m[1] in labels) || !values.includes(labels[m[1]]);
    }
    m = /^([\w./-]+)\s*(==|=|!=)\s*([\w.-]*)$/.exec(part);
    if (m) return m[2] === '!=' ? labels[m[1]] !== m[3] : labels[m[1]] === m[3];
    m = /^(!?)([\w./-]+)$/.exec(part);
    if (m) return m[1] ? !(m[2] in labels) : m[2] in labels;
    throw new InputError(
      `Cannot read label selector "${selector}" at "${part}"; use forms such as env=prod, env in (dev,qa), !legacy`,
    );
  });
}
