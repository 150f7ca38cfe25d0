// Shared: every writing action's documented examples are run the same way.
/* eslint-disable jest/no-export */
import type { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { parse } from 'yaml';
import { withFleet } from './standardCases';
import { stepContext, TestFleet } from './testFleet';

/** The inputs an action's documented examples give it, by example description. */
export function exampleInputs(
  examples: TemplateExample[],
  actionId: string,
): Array<[string, Record<string, any>]> {
  return examples.flatMap(e =>
    (parse(e.example).steps as any[])
      .filter(step => step.action === actionId)
      .map(
        step =>
          [e.description, step.input ?? {}] as [string, Record<string, any>],
      ),
  );
}

/**
 * Runs each documented example of a writing action against the example
 * fleet as a dry run: it must validate, compile and name the definition it
 * would create.
 */
export function describeExamples(
  actionId: string,
  examples: TemplateExample[],
  build: (fleet: Awaited<ReturnType<typeof TestFleet.start>>) => {
    handler(ctx: any): Promise<void>;
  },
) {
  describe(`${actionId} examples`, () => {
    const env = withFleet(build);
    it.each(exampleInputs(examples, actionId))(
      '%s: validates, compiles and would commit',
      async (_description, input) => {
        const { ctx, outputs } = stepContext(input, { dryRun: true });
        await env().action.handler(ctx);
        expect(outputs.files).toEqual(
          expect.arrayContaining([expect.stringMatching(/^create arlon\//)]),
        );
      },
    );
  });
}
