import { exampleInputs } from '../__testUtils__/examples';
import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createClusterDeleteAction } from './clusterDelete';
import { examples } from './clusterDelete.examples';

describe('arlon:cluster:delete examples', () => {
  const env = withFleet(fleet => createClusterDeleteAction(fleet.options));

  it.each(exampleInputs(examples, 'arlon:cluster:delete'))(
    '%s: shows the cascade and the definition it would delete',
    async (_description, input) => {
      const { ctx, outputs, logs } = stepContext(input, { dryRun: true });
      await env().action.handler(ctx);
      expect(logs[0]).toMatch(/^1\. Bundle Applications/);
      expect(outputs.files).toContain(
        `delete arlon/clusters/${input.name}.yaml`,
      );
    },
  );
});
