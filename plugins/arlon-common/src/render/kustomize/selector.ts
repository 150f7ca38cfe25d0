import {
  LabelSelectorError,
  LabelSelectorTooLongError,
  matchesSelector,
} from '../../selectors';
import { UnrenderableSource } from '../UnrenderableSource';
import { setOwn } from './ownKeys';

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
 * A label (or annotation) selector, read by the project's one reading of
 * Kubernetes selectors (apimachinery labels.Parse, as kustomize's Select
 * uses it). Throws UnrenderableSource for one Kubernetes would refuse.
 */
export function labelsMatch(selector: string, labels: unknown): boolean {
  const values: Record<string, string> = {};
  if (labels && typeof labels === 'object' && !Array.isArray(labels))
    for (const [k, v] of Object.entries(labels))
      if (typeof v === 'string') setOwn(values, k, v);
  try {
    return matchesSelector(selector, values);
  } catch (error) {
    if (
      error instanceof LabelSelectorError ||
      error instanceof LabelSelectorTooLongError
    )
      throw new UnrenderableSource(error.message);
    throw error;
  }
}
