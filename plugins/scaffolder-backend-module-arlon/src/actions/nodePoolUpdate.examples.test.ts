import { exampleInputs } from '../__testUtils__/examples';
import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createNodePoolUpdateAction } from './nodePoolUpdate';
import { examples } from './nodePoolUpdate.examples';

describe('arlon:nodepool:update examples', () => {
  const env = withFleet(fleet => createNodePoolUpdateAction(fleet.options));

  it.each(exampleInputs(examples, 'arlon:nodepool:update'))(
    '%s: validates, compiles and would commit',
    async (_description, input) => {
      const { ctx, outputs } = stepContext(input, { dryRun: true });
      await env().action.handler(ctx);
      // (A spec no cluster is linked to yet reaches none.)
      expect(outputs.clusters).toEqual(expect.any(Array));
      expect(outputs.files).toEqual(
        expect.arrayContaining([expect.stringMatching(/^update arlon\//)]),
      );
    },
  );
});
