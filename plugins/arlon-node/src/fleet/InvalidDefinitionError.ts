import type { Problem } from '@arlon-backstage/plugin-arlon-common';

/** The fleet as it would be has problems: answered 400 with every problem, file, line and field. */
export class InvalidDefinitionError extends Error {
  readonly name = 'InvalidDefinitionError';

  constructor(readonly problems: Problem[]) {
    super(
      `${problems.length} problem${
        problems.length === 1 ? '' : 's'
      } in the fleet repository; nothing was written. First: ${
        problems[0].file
      }:${problems[0].line}: ${problems[0].message}`,
    );
  }
}
