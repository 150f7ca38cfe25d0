import { exampleInputs } from '../__testUtils__/examples';
import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createClusterSpecCloneAction } from './clusterSpecClone';
import { examples } from './clusterSpecClone.examples';

describe('arlon:clusterspec:clone examples', () => {
  const env = withFleet(fleet => createClusterSpecCloneAction(fleet.options));

  it.each(exampleInputs(examples, 'arlon:clusterspec:clone'))(
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
