import { ManagementClusters } from '@internal/backstage-plugin-arlon-node';
import { exampleInputs } from '../__testUtils__/examples';
import { stepContext, TestFleet } from '../__testUtils__/testFleet';
import { createClusterImportAction } from './clusterImport';
import { examples } from './clusterImport.examples';

describe('arlon:cluster:import examples', () => {
  let fleet: Awaited<ReturnType<typeof TestFleet.start>>;
  beforeAll(async () => {
    // A dry run checks the definition and names the management cluster; it connects to nothing.
    fleet = await TestFleet.start(
      new ManagementClusters([
        {
          name: 'prod-management',
          url: 'https://127.0.0.1:1',
          skipTLSVerify: true,
          argocdNamespace: 'argocd',
        },
      ]),
    );
  });
  afterAll(() => fleet.stop());

  it.each(exampleInputs(examples, 'arlon:cluster:import'))(
    '%s: checks out and would commit the definition',
    async (_description, input) => {
      const { ctx, outputs, logs } = stepContext(input, { dryRun: true });
      await createClusterImportAction(fleet.options).handler(ctx);
      expect(outputs.files).toEqual([
        `create arlon/clusters/${input.name}.yaml`,
      ]);
      expect(logs.join('\n')).toContain('in ArgoCD on prod-management');
    },
  );
});
