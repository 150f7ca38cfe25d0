/**
 * The object form of a label selector (`matchLabels` and `matchExpressions`,
 * as in a Deployment or an ArgoCD clusters generator), read as
 * metav1.LabelSelectorAsSelector reads it: the same requirements and the same
 * refusals as the string form.
 */
import {
  labelKeyProblem,
  labelValueProblem,
  shortenForMessage,
} from './labelNames';
import {
  LabelRequirement,
  LabelSelectorError,
  LabelSelectorOperator,
} from './labelSelector';

const OPERATORS: ReadonlyMap<string, LabelSelectorOperator> = new Map([
  ['In', 'In'],
  ['NotIn', 'NotIn'],
  ['Exists', 'Exists'],
  ['DoesNotExist', 'DoesNotExist'],
] as const);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The requirements of a selector object; an empty one selects everything.
 * Input may come from any YAML, so every field's type is checked: throws
 * LabelSelectorError (its `part` names the field) for what Kubernetes refuses.
 *
 * @public
 */
export function labelSelectorObjectRequirements(
  selector: unknown,
): LabelRequirement[] {
  if (selector === undefined || selector === null) return [];
  if (!isRecord(selector))
    throw new LabelSelectorError('selector', 'a label selector is an object');
  const { matchLabels = {}, matchExpressions = [] } = selector;
  if (!isRecord(matchLabels))
    throw new LabelSelectorError(
      'matchLabels',
      'matchLabels is a map of labels',
    );
  if (!Array.isArray(matchExpressions))
    throw new LabelSelectorError(
      'matchExpressions',
      'matchExpressions is a list of {key, operator, values}',
    );
  const fromLabels = Object.entries(matchLabels).map(([key, value], i) =>
    checked(`matchLabels[${i}]`, key, 'Equals', [value]),
  );
  const fromExpressions = matchExpressions.map((e: unknown, i) => {
    const where = `matchExpressions[${i}]`;
    if (!isRecord(e))
      throw new LabelSelectorError(
        where,
        'an expression is {key, operator, values}',
      );
    const operator = OPERATORS.get(String(e.operator));
    if (!operator)
      throw new LabelSelectorError(
        where,
        `"${shortenForMessage(
          String(e.operator),
        )}" is not a valid label selector operator`,
      );
    const values = e.values ?? [];
    if (!Array.isArray(values))
      throw new LabelSelectorError(where, 'values is a list of strings');
    return checked(where, e.key, operator, values);
  });
  return [...fromLabels, ...fromExpressions];
}

/** A requirement, as labels.NewRequirement checks it. */
function checked(
  where: string,
  key: unknown,
  operator: LabelSelectorOperator,
  values: unknown[],
): LabelRequirement {
  const refuse = (reason: string): never => {
    throw new LabelSelectorError(where, reason);
  };
  if (typeof key !== 'string') refuse('key is a string');
  const keyProblem = labelKeyProblem(key as string);
  if (keyProblem) refuse(keyProblem);
  const setBased = operator === 'In' || operator === 'NotIn';
  if (setBased && values.length === 0)
    refuse("for 'In', 'NotIn' operators, values set can't be empty");
  if (!setBased && operator !== 'Equals' && values.length > 0)
    refuse('values set must be empty for exists and does not exist');
  for (const value of values) {
    if (typeof value !== 'string') refuse('values are strings');
    const problem = labelValueProblem(value as string);
    if (problem) refuse(problem);
  }
  return {
    key: key as string,
    operator,
    values: [...new Set(values as string[])].sort(),
  };
}
