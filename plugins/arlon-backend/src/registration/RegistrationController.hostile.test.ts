import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mockServices } from '@backstage/backend-test-utils';
import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import {
  Sandbox,
  eventually,
  kubeConfigFor,
} from '@arlon-backstage/arlon-sandbox';
import {
  DEFAULT_SECURITY,
  ManagementCluster,
  workloadAccess,
} from '@arlon-backstage/plugin-arlon-node';
import { parse, stringify } from 'yaml';
import { RegistrationController } from './RegistrationController';

/**
 * A CAPI kubeconfig Secret is input too: whoever can write Secrets in a
 * cluster's namespace on the management cluster could otherwise make the
 * portal run a command. The controller refuses it, reports it, runs nothing.
 */
describe('RegistrationController, hostile CAPI kubeconfig', () => {
  let sandbox: Sandbox;
  let controller: RegistrationController;
  let tmp: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'arlon-hostile-'));
    sandbox = await Sandbox.start({ provisioningDelayMs: 100 });
  });
  afterAll(async () => {
    await controller?.stop();
    await sandbox.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('refuses a kubeconfig Secret with an exec entry: nothing spawned, nothing registered, the problem reported', async () => {
    const kc = kubeConfigFor(sandbox.apiServer.url, sandbox.token);
    const core = kc.makeApiClient(CoreV1Api);
    await kc.makeApiClient(CustomObjectsApi).createNamespacedCustomObject({
      group: 'cluster.x-k8s.io',
      version: 'v1beta1',
      plural: 'clusters',
      namespace: 'default',
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta1',
        kind: 'Cluster',
        metadata: { name: 'evil' },
        spec: {},
      },
    });
    const secret = await eventually(
      () =>
        core
          .readNamespacedSecret({
            name: 'evil-kubeconfig',
            namespace: 'default',
          })
          .catch(() => undefined),
      'the CAPI kubeconfig Secret',
    );
    // Someone with write access to the namespace swaps in an exec plugin.
    const marker = path.join(tmp, 'ran');
    const kubeconfig = parse(
      Buffer.from(secret.data!.value, 'base64').toString('utf8'),
    );
    kubeconfig.users[0].user = { exec: { command: 'touch', args: [marker] } };
    await core.replaceNamespacedSecret({
      name: 'evil-kubeconfig',
      namespace: 'default',
      body: {
        ...secret,
        data: { value: Buffer.from(stringify(kubeconfig)).toString('base64') },
      },
    });

    const logger = mockServices.logger.mock();
    controller = new RegistrationController({
      cluster: new ManagementCluster(
        {
          name: 'sandbox',
          url: sandbox.apiServer.url,
          serviceAccountToken: sandbox.token,
          skipTLSVerify: true,
          argocdNamespace: 'argocd',
        },
        0,
        workloadAccess({
          ...DEFAULT_SECURITY,
          allowedNetworks: ['127.0.0.1/32'],
        }),
      ),
      logger,
      profileLabels: async () => ({}),
    });
    await controller.start();
    await eventually(
      async () =>
        logger.warn.mock.calls.some(([message]) =>
          /Registration of cluster default\/evil failed .*kubeconfig users\[0\]\.user\.exec: runs a command/.test(
            String(message),
          ),
        ),
      'the refusal to be reported',
    );
    expect(fs.existsSync(marker)).toBe(false);
    await expect(
      core.readNamespacedSecret({ name: 'cluster-evil', namespace: 'argocd' }),
    ).rejects.toMatchObject({ code: 404 });
  });
});
