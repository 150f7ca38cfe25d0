import { UnrenderableSource } from '../UnrenderableSource';

/** A patch's `target` (api/types/selector.go): every given field must match. */
export interface PatchTarget {
  group?: string;
  version?: string;
  kind?: string;
  name?: string;
  namespace?: string;
  labelSelector?: string;
  annotationSelector?: string;
}

const TARGET_FIELDS = [
  'group',
  'version',
  'kind',
  'name',
  'namespace',
  'labelSelector',
  'annotationSelector',
];

/** A `target` checked: a mapping of the selector's string fields. */
export function parseTarget(target: unknown, where: string): PatchTarget {
  if (!target || typeof target !== 'object' || Array.isArray(target))
    throw new UnrenderableSource(
      `${where}: target must be a mapping (group, version, kind, name, namespace, labelSelector, annotationSelector)`,
    );
  for (const [key, value] of Object.entries(target)) {
    if (!TARGET_FIELDS.includes(key))
      throw new UnrenderableSource(
        `${where}: \`${key.slice(
          0,
          64,
        )}\` is not a target field (${TARGET_FIELDS.join(', ')})`,
      );
    if (typeof value !== 'string' || value.length > 1024)
      throw new UnrenderableSource(`${where}: target.${key} must be a string`);
  }
  const t = target as PatchTarget;
  for (const field of ['kind', 'name', 'namespace'] as const)
    if (t[field] !== undefined && !/^[A-Za-z0-9_.*-]*$/.test(t[field]!))
      throw new UnrenderableSource(
        `${where}: target.${field} uses regular expression syntax Arlon's renderer does not evaluate (only letters, digits, -, _, . and .* are); list the objects in separate patches`,
      );
  for (const field of ['labelSelector', 'annotationSelector'] as const)
    if (t[field] !== undefined)
      try {
        labelsMatch(t[field]!, {});
      } catch (error) {
        throw new UnrenderableSource(
          `${where}: target.${field}: ${(error as Error).message}`,
        );
      }
  return t;
}

/**
 * Whether `o` is selected, as kustomize's Select does: kind, name and
 * namespace are anchored regular expressions (resource.go, regexp
 * "^(?:x)$"); here only `.` and `*` are, matched in linear time.
 */
export function selects(t: PatchTarget, o: any): boolean {
  const [group, version] = splitApiVersion(o.apiVersion);
  if (t.group !== undefined && t.group !== '' && t.group !== group)
    return false;
  if (t.version !== undefined && t.version !== '' && t.version !== version)
    return false;
  if (t.kind && !matches(t.kind, String(o.kind ?? ''))) return false;
  if (t.name && !matches(t.name, String(o.metadata?.name ?? ''))) return false;
  // A resource without a namespace is in "default" for selection (resid.go).
  if (
    t.namespace &&
    !matches(t.namespace, String(o.metadata?.namespace || 'default'))
  )
    return false;
  if (t.labelSelector && !labelsMatch(t.labelSelector, o.metadata?.labels))
    return false;
  if (
    t.annotationSelector &&
    !labelsMatch(t.annotationSelector, o.metadata?.annotations)
  )
    return false;
  return true;
}

export function splitApiVersion(apiVersion: unknown): [string, string] {
  const v = typeof apiVersion === 'string' ? apiVersion : '';
  return v.includes('/')
    ? [v.split('/')[0], v.split('/').slice(1).join('/')]
    : ['', v];
}

/** An anchored pattern of literals, `.` (any character) and `x*`, by dynamic programming. */
export function matches(pattern: string, text: string): boolean {
  const tokens: { ch: string; star: boolean }[] = [];
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '*') continue;
    tokens.push({ ch: pattern[i], star: pattern[i + 1] === '*' });
  }
  let states = new Set([0]);
  const close = (s: Set<number>) => {
    for (const i of [...s].sort((a, b) => a - b))
      for (let j = i; j < tokens.length && tokens[j].star; j++) s.add(j + 1);
    return s;
  };
  states = close(states);
  for (const c of text) {
    const next = new Set<number>();
    for (const i of states) {
      if (i >= tokens.length) continue;
      const tk = tokens[i];
      if (tk.ch === '.' || tk.ch === c) next.add(tk.star ? i : i + 1);
    }
    states = close(next);
    if (states.size === 0) return false;
  }
  return states.has(tokens.length);
}

/**
 * A Kubernetes label selector (apimachinery labels.Parse): `k=v`, `k==v`,
 * `k!=v`, `k`, `!k`, `k in (a,b)`, `k notin (a,b)`, joined by commas.
 */
export function labelsMatch(selector: string, labels: unknown): boolean {
  const l: Record<string, unknown> =
    labels && typeof labels === 'object' ? (labels as any) : {};
  const has = (k: string) => Object.prototype.hasOwnProperty.call(l, k);
  const value = (k: string) => (has(k) ? String(l[k]) : undefined);
  return splitRequirements(selector)
    .map(r => r.trim())
    .filter(Boolean)
    .every(r => requirementHolds(r, has, value));
}

const SET = /^([^\s=!(),]+)\s+(in|notin)\s+\(([^()]*)\)$/;
const EQUALITY = /^([^\s=!(),]+)\s*(==|=|!=)\s*([^\s=!(),]*)$/;
const ABSENT = /^!\s*([^\s=!(),]+)$/;
const PRESENT = /^([^\s=!(),]+)$/;

function requirementHolds(
  r: string,
  has: (k: string) => boolean,
  value: (k: string) => string | undefined,
): boolean {
  const set = r.match(SET);
  if (set) {
    const values = set[3].split(',').map(s => s.trim());
    const v = value(set[1]);
    return set[2] === 'in'
      ? v !== undefined && values.includes(v)
      : v === undefined || !values.includes(v);
  }
  const equality = r.match(EQUALITY);
  if (equality)
    return equality[2] === '!='
      ? value(equality[1]) !== equality[3]
      : value(equality[1]) === equality[3];
  const absent = r.match(ABSENT);
  if (absent) return !has(absent[1]);
  const present = r.match(PRESENT);
  if (present) return has(present[1]);
  throw new UnrenderableSource(
    `label selector ${JSON.stringify(
      r.slice(0, 100),
    )} is not one Kubernetes accepts`,
  );
}

function splitRequirements(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of selector) {
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (c === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}
