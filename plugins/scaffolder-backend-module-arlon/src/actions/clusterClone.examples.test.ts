import { exampleInputs } from '../__testUtils__/examples';
import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createClusterCloneAction } from './clusterClone';
import { examples } from './clusterClone.examples';

describe('arlon:cluster:clone examples', () => {
  const env = withFleet(fleet => createClusterCloneAction(fleet.options));

  it.each(exampleInputs(examples, 'arlon:cluster:clone'))(
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
