/** Kubernetes label selectors (`labelSelector=`) and the field selectors the sandbox supports. */

type Requirement =
  | { op: 'eq' | 'neq'; key: string; value: string }
  | { op: 'in' | 'notin'; key: string; values: string[] }
  | { op: 'exists' | 'notexists'; key: string };

export type LabelSelector = Requirement[];

export class SelectorError extends Error {}

const KEY = '([^\\s!=()]+)';
const REQUIREMENT_FORMS: Array<[RegExp, (m: RegExpExecArray) => Requirement]> =
  [
    [
      new RegExp(`^${KEY}\\s+(in|notin)\\s+\\(([^)]*)\\)$`),
      m => ({
        op: m[2] as 'in' | 'notin',
        key: m[1],
        values: m[3]
          .split(',')
          .map(v => v.trim())
          .filter(Boolean),
      }),
    ],
    [
      new RegExp(`^${KEY}\\s*!=\\s*([^\\s!=()]*)$`),
      m => ({ op: 'neq', key: m[1], value: m[2] }),
    ],
    [
      new RegExp(`^${KEY}\\s*==?\\s*([^\\s!=()]*)$`),
      m => ({ op: 'eq', key: m[1], value: m[2] }),
    ],
    [new RegExp(`^!\\s*${KEY}$`), m => ({ op: 'notexists', key: m[1] })],
    [new RegExp(`^${KEY}$`), m => ({ op: 'exists', key: m[1] })],
  ];

/** Parses `a=b,c!=d,e in (f,g),h notin (i),j,!k`. */
export function parseLabelSelector(
  text: string | null | undefined,
): LabelSelector {
  if (!text) return [];
  const requirements: Requirement[] = [];
  // Split on commas that are not inside parentheses.
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);

  for (const raw of parts.map(p => p.trim())) {
    const requirement = REQUIREMENT_FORMS.map(([form, build]) => {
      const m = form.exec(raw);
      return m && build(m);
    }).find(Boolean);
    if (!requirement)
      throw new SelectorError(`unable to parse requirement: "${raw}"`);
    requirements.push(requirement);
  }
  return requirements;
}

export function matchesLabels(
  selector: LabelSelector,
  labels: Record<string, string> | undefined,
): boolean {
  const l = labels ?? {};
  return selector.every(r => {
    const has = Object.prototype.hasOwnProperty.call(l, r.key);
    switch (r.op) {
      case 'eq':
        return has && l[r.key] === r.value;
      case 'neq':
        return !has || l[r.key] !== r.value;
      case 'in':
        return has && r.values.includes(l[r.key]);
      case 'notin':
        return !has || !r.values.includes(l[r.key]);
      case 'exists':
        return has;
      default:
        return !has;
    }
  });
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
