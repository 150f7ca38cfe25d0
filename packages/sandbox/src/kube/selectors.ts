/** Kubernetes label selectors (`labelSelector=`) and the field selectors the sandbox supports. */
import {
  LabelRequirement,
  LabelSelectorError,
  matchesLabelSelector,
  parseLabelSelector as parseSelector,
} from '@arlon-backstage/plugin-arlon-common';

/**
 * The label selector itself is arlon-common's (Kubernetes' own reading, shared
 * with the node code and the sandbox's ArgoCD); this file adapts it to the
 * API server's query parameter and its 400.
 */
export type LabelSelector = LabelRequirement[];

export class SelectorError extends Error {}

/** Parses `labelSelector=`: `a=b,c!=d,e in (f,g),h notin (i),j,!k,l>1`. */
export function parseLabelSelector(
  text: string | null | undefined,
): LabelSelector {
  try {
    return parseSelector(text ?? '');
  } catch (e) {
    if (e instanceof LabelSelectorError)
      throw new SelectorError(`unable to parse requirement: ${e.reason}`);
    throw e;
  }
}

export function matchesLabels(
  selector: LabelSelector,
  labels: Record<string, string> | undefined,
): boolean {
  return matchesLabelSelector(selector, labels);
}

export type FieldSelector = Array<{
  field: 'metadata.name' | 'metadata.namespace';
  op: 'eq' | 'neq';
  value: string;
}>;

/** Parses `metadata.name=x` and `metadata.namespace!=y`, the fields every kind supports. */
export function parseFieldSelector(
  text: string | null | undefined,
): FieldSelector {
  if (!text) return [];
  return text.split(',').map(raw => {
    const m = /^(metadata\.name|metadata\.namespace)\s*(==|=|!=)\s*(.*)$/.exec(
      raw.trim(),
    );
    if (!m)
      throw new SelectorError(`field label not supported: "${raw.trim()}"`);
    return {
      field: m[1] as 'metadata.name' | 'metadata.namespace',
      op: m[2] === '!=' ? 'neq' : 'eq',
      value: m[3],
    };
  });
}

export function matchesFields(selector: FieldSelector, obj: any): boolean {
  return selector.every(r => {
    const actual =
      r.field === 'metadata.name'
        ? obj.metadata?.name
        : obj.metadata?.namespace ?? '';
    return r.op === 'eq' ? actual === r.value : actual !== r.value;
  });
}
