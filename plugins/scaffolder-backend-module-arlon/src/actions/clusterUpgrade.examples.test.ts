import { exampleInputs } from '../__testUtils__/examples';
import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createClusterUpgradeAction } from './clusterUpgrade';
import { examples } from './clusterUpgrade.examples';

describe('arlon:cluster:upgrade examples', () => {
  const env = withFleet(fleet => createClusterUpgradeAction(fleet.options));

  it.each(exampleInputs(examples, 'arlon:cluster:upgrade'))(
    '%s: validates, compiles and would commit the new version',
    async (_description, input) => {
      const { ctx, outputs } = stepContext(input, { dryRun: true });
      await env().action.handler(ctx);
      expect((outputs.clusters as string[]).length).toBeGreaterThan(0);
      expect(outputs.files).toEqual(
        expect.arrayContaining([expect.stringMatching(/^update arlon\//)]),
      );
    },
  );
});
