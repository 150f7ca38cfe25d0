import { matchesLabelSelector, parseLabelSelector } from './labelSelector';

/**
 * Longer selectors are refused: a selector is a handful of terms, not a
 * payload (it arrives in request bodies, e.g. a profile applied by selector).
 * @public
 */
export const MAX_SELECTOR_LENGTH = 1024;

/**
 * A selector over the length limit.
 *
 * @public
 */
export class LabelSelectorTooLongError extends Error {
  /** Backstage's error handler answers an InputError with 400. */
  readonly name = 'InputError';

  constructor(length: number) {
    super(
      `The label selector is ${length} characters long, more than the ${MAX_SELECTOR_LENGTH} allowed; select with fewer terms`,
    );
  }
}

/**
 * Whether labels (a definition's, a cluster's) satisfy a selector string
 * from a user, read as Kubernetes reads it. Throws LabelSelectorError or
 * LabelSelectorTooLongError (both InputError) for a selector it refuses.
 * @public
 */
export function matchesSelector(
  selector: string,
  labels: Readonly<Record<string, string>>,
): boolean {
  if (selector.length > MAX_SELECTOR_LENGTH)
    throw new LabelSelectorTooLongError(selector.length);
  return matchesLabelSelector(parseLabelSelector(selector), labels);
}
