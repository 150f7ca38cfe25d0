import { exampleInputs } from '../__testUtils__/examples';
import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createProfileCreateAction } from './profileCreate';
import { examples } from './profileCreate.examples';

describe('arlon:profile:create examples', () => {
  const env = withFleet(fleet => createProfileCreateAction(fleet.options));

  it.each(exampleInputs(examples, 'arlon:profile:create'))(
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
