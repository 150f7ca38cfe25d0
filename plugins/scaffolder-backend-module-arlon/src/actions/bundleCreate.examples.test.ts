import { exampleInputs } from '../__testUtils__/examples';
import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createBundleCreateAction } from './bundleCreate';
import { examples } from './bundleCreate.examples';

describe('arlon:bundle:create examples', () => {
  const env = withFleet(fleet => createBundleCreateAction(fleet.options));

  it.each(exampleInputs(examples, 'arlon:bundle:create'))(
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
