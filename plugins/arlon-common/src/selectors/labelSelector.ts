/**
 * Kubernetes label selectors, read as the API server reads them
 * (k8s.io/apimachinery/pkg/labels/selector.go): `a=b`, `a==b`, `a!=b`,
 * `a in (x,y)`, `a notin (x)`, `a`, `!a`, `a>1`, `a<1`, comma-separated, every
 * term required. One reading for the whole project: the node code selecting
 * clusters, the sandbox's API server and its ArgoCD all use it, so a selector
 * means the same everywhere, and the same as on a real cluster.
 */
import {
  labelKeyProblem,
  labelValueProblem,
  shortenForMessage,
} from './labelNames';
import { LabelSelectorToken, labelSelectorTokens } from './labelSelectorTokens';

/**
 * How a requirement holds: the operators of k8s.io/apimachinery/pkg/selection.
 *
 * @public
 */
export type LabelSelectorOperator =
  | 'In'
  | 'NotIn'
  | 'Equals'
  | 'NotEquals'
  | 'Exists'
  | 'DoesNotExist'
  | 'GreaterThan'
  | 'LessThan';

/**
 * One term of a selector: `key`, an operator and its values (sorted, without repeats).
 *
 * @public
 */
export interface LabelRequirement {
  key: string;
  operator: LabelSelectorOperator;
  values: string[];
}

/**
 * A selector that cannot be read: `part` is the term it stopped at (whole,
 * the message shows at most 64 characters of it), `reason` what was wrong,
 * in Kubernetes' words. Named InputError so a Backstage router answers 400.
 * @public
 */
export class LabelSelectorError extends Error {
  /** Backstage's error handler answers an InputError with 400. */
  readonly name = 'InputError';

  constructor(readonly part: string, readonly reason: string, hint?: string) {
    super(
      `Cannot read label selector at "${shortenForMessage(part)}"; ${reason}${
        hint ? `; ${hint}` : ''
      }`,
    );
  }
}

const HINT = 'use forms such as env=prod, env in (dev,qa), !legacy';

/** A refusal inside one term; the parser adds which term. */
class Refusal {
  constructor(readonly reason: string) {}
}

const BINARY: ReadonlyMap<string, LabelSelectorOperator> = new Map([
  ['in', 'In'],
  ['notin', 'NotIn'],
  ['=', 'Equals'],
  ['==', 'Equals'],
  ['!=', 'NotEquals'],
  ['>', 'GreaterThan'],
  ['<', 'LessThan'],
] as const);

const found = (t: LabelSelectorToken) => `found '${shortenForMessage(t.text)}'`;

/**
 * The requirements of a selector string; empty (or blank) selects everything.
 * Throws LabelSelectorError for anything the API server would refuse.
 *
 * @public
 */
export function parseLabelSelector(text: string): LabelRequirement[] {
  const tokens = labelSelectorTokens(text);
  let position = 0;
  const peek = () => tokens[position];
  const next = () => tokens[Math.min(position++, tokens.length - 1)];
  const refuse = (reason: string): never => {
    throw new Refusal(reason);
  };

  function exactValue(): string[] {
    const t = peek();
    if (t.kind === 'end' || t.kind === ',') return [''];
    next();
    return t.kind === 'word'
      ? [t.text]
      : refuse(`${found(t)}, expected: identifier`);
  }

  // `( … )`: comma-separated words, where an empty slot is the empty value.
  function valueSet(): string[] {
    const open = next();
    if (open.kind !== '(') refuse(`${found(open)}, expected: '('`);
    const values = new Set<string>();
    if (peek().kind === ')') {
      next();
      return [''];
    }
    if (peek().kind !== 'word' && peek().kind !== ',')
      refuse(`${found(peek())}, expected: ',', ')' or identifier`);
    for (;;) {
      const t = next();
      if (t.kind === 'word') {
        values.add(t.text);
        if (peek().kind === ')') break;
        if (peek().kind !== ',')
          refuse(`${found(peek())}, expected: ',' or ')'`);
      } else if (t.kind === ',') {
        if (values.size === 0) values.add('');
        if (peek().kind === ')') {
          values.add('');
          break;
        }
        if (peek().kind === ',') {
          next();
          values.add('');
        }
      } else refuse(`${found(t)}, expected: ',', or identifier`);
    }
    next();
    return [...values].sort();
  }

  function requirement(): LabelRequirement {
    let t = next();
    const negated = t.kind === '!';
    if (negated) t = next();
    if (t.kind !== 'word') refuse(`${found(t)}, expected: identifier`);
    const key = t.text;
    const keyProblem = labelKeyProblem(key);
    if (keyProblem) refuse(keyProblem);
    const after = peek().kind;
    if (negated || after === 'end' || after === ',')
      return { key, operator: negated ? 'DoesNotExist' : 'Exists', values: [] };
    const symbol = next();
    const operator = BINARY.get(symbol.text);
    if (!operator)
      refuse(`${found(symbol)}, expected: in, notin, =, ==, !=, >, <`);
    const values =
      operator === 'In' || operator === 'NotIn' ? valueSet() : exactValue();
    for (const value of values) {
      const problem = labelValueProblem(value);
      if (problem) refuse(problem);
    }
    if (
      (operator === 'GreaterThan' || operator === 'LessThan') &&
      integer(values[0]) === undefined
    )
      refuse(`for '>' and '<', the value must be an integer`);
    return { key, operator: operator!, values };
  }

  const requirements: LabelRequirement[] = [];
  for (;;) {
    const start = peek();
    if (start.kind === 'end') return requirements;
    try {
      if (start.kind !== 'word' && start.kind !== '!') {
        next();
        refuse(`${found(start)}, expected: !, identifier, or 'end of string'`);
      }
      requirements.push(requirement());
      const separator = next();
      if (separator.kind === 'end') return requirements;
      if (separator.kind !== ',')
        refuse(`${found(separator)}, expected: ',' or 'end of string'`);
      const following = peek();
      if (following.kind !== 'word' && following.kind !== '!') {
        next();
        refuse(`${found(following)}, expected: identifier after ','`);
      }
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      throw new LabelSelectorError(
        termAt(text, start.at, tokens, position),
        e.reason,
        HINT,
      );
    }
  }
}

/**
 * The text of the term that starts at `from`: up to the next comma outside
 * parentheses, and at least through the last token read.
 */
function termAt(
  text: string,
  from: number,
  tokens: LabelSelectorToken[],
  position: number,
): string {
  const last = tokens[Math.min(position, tokens.length) - 1];
  const readTo = last ? last.at + last.text.length : from;
  let depth = 0;
  let end = from;
  for (; end < text.length; end++) {
    if (text[end] === '(') depth++;
    if (text[end] === ')') depth--;
    if (text[end] === ',' && depth <= 0 && end >= readTo) break;
  }
  return text.slice(from, Math.max(end, readTo)).trim();
}

const INT64_MIN = BigInt('-9223372036854775808');
const INT64_MAX = BigInt('9223372036854775807');

/** A decimal int64, as Go's strconv.ParseInt reads it, or undefined. */
function integer(text: string): bigint | undefined {
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const n = BigInt(text);
  return n >= INT64_MIN && n <= INT64_MAX ? n : undefined;
}

/**
 * Whether labels satisfy every requirement; only a label's own keys count
 * (`constructor` is no label).
 *
 * @public
 */
export function matchesLabelSelector(
  requirements: readonly LabelRequirement[],
  labels: Readonly<Record<string, string>> | undefined,
): boolean {
  const own = labels ?? {};
  return requirements.every(r => {
    const has = Object.hasOwn(own, r.key);
    const value = has ? own[r.key] : undefined;
    switch (r.operator) {
      case 'In':
      case 'Equals':
        return has && r.values.includes(value!);
      case 'NotIn':
      case 'NotEquals':
        return !has || !r.values.includes(value!);
      case 'Exists':
        return has;
      case 'DoesNotExist':
        return !has;
      default: {
        // A label that is no integer satisfies neither '>' nor '<'.
        const actual = has ? integer(value!) : undefined;
        if (actual === undefined) return false;
        const bound = integer(r.values[0])!;
        return r.operator === 'GreaterThan' ? actual > bound : actual < bound;
      }
    }
  });
}
