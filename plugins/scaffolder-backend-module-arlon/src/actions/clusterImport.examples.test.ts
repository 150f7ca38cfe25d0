import { CoreV1Api } from '@kubernetes/client-node';
import {
  Sandbox,
  kubeConfigFor,
  kubeconfigYaml,
} from '@arlon-backstage/arlon-sandbox';
import { ManagementClusters } from '@arlon-backstage/plugin-arlon-node';
import { exampleInputs } from '../__testUtils__/examples';
import { stepContext, TestFleet } from '../__testUtils__/testFleet';
import { createClusterImportAction } from './clusterImport';
import { examples } from './clusterImport.examples';

describe('arlon:cluster:import examples', () => {
  let sandbox: Sandbox;
  let fleet: Awaited<ReturnType<typeof TestFleet.start>>;
  beforeAll(async () => {
    sandbox = await Sandbox.start({});
    fleet = await TestFleet.start(
      new ManagementClusters([
        {
          name: 'sandbox',
          url: sandbox.apiServer.url,
          serviceAccountToken: sandbox.token,
          skipTLSVerify: true,
          argocdNamespace: 'argocd',
        },
      ]),
    );
    // The cluster the adoption example names, as ArgoCD would hold it.
    await kubeConfigFor(sandbox.apiServer.url, sandbox.token)
      .makeApiClient(CoreV1Api)
      .createNamespacedSecret({
        namespace: 'argocd',
        body: {
          metadata: {
            name: 'cluster-legacy-1',
            // Labelled by an ArgoCD admin for adoption under this name.
            labels: {
              'argocd.argoproj.io/secret-type': 'cluster',
              'arlon.io/cluster': 'legacy-1',
            },
          },
          stringData: { name: 'legacy-1', server: 'https://legacy-1:6443' },
        },
      });
  });
  afterAll(async () => {
    await fleet.stop();
    await sandbox.stop();
  });

  it.each(exampleInputs(examples, 'arlon:cluster:import'))(
    '%s: checks out and would commit the definition',
    async (_description, input) => {
      // The secret the template passes: a kubeconfig whose server (a documentation
      // address) the default policy allows; a dry run reads it without connecting.
      const secrets = {
        kubeconfig: kubeconfigYaml(
          'edge-2',
          'https://203.0.113.10:6443',
          'token',
          sandbox.apiServer.caData,
        ),
      };
      const { ctx, outputs, logs } = stepContext(
        {
          ...input,
          ...(input.kubeconfig ? { kubeconfig: secrets.kubeconfig } : {}),
        },
        { dryRun: true },
      );
      await createClusterImportAction(fleet.options).handler(ctx);
      expect(outputs.files).toEqual([
        `create arlon/clusters/${input.name}.yaml`,
      ]);
      expect(logs.join('\n')).toContain('in ArgoCD on sandbox');
    },
  );
});
