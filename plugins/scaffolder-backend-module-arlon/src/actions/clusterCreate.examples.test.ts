import { exampleInputs } from '../__testUtils__/examples';
import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createClusterCreateAction } from './clusterCreate';
import { examples } from './clusterCreate.examples';

describe('arlon:cluster:create examples', () => {
  const env = withFleet(fleet => createClusterCreateAction(fleet.options));

  it.each(exampleInputs(examples, 'arlon:cluster:create'))(
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
