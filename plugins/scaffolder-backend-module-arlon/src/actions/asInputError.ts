import { InputError } from '@backstage/errors';
import { formatProblems } from '@arlon-backstage/plugin-arlon-common';
import { InvalidDefinitionError } from '@arlon-backstage/plugin-arlon-node';

/**
 * A fleet the change would break is the template's input at fault: every
 * problem in one InputError, nothing written. Other errors as they are.
 */
export async function asInputError<R>(work: () => Promise<R>): Promise<R> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvalidDefinitionError)
      throw new InputError(
        `The fleet repository would have problems; nothing was written:\n${formatProblems(
          error.problems,
        )}`,
      );
    throw error;
  }
}
