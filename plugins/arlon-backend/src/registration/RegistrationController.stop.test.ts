import { mockServices } from '@backstage/backend-test-utils';
import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import { Sandbox, kubeConfigFor } from '@arlon-backstage/arlon-sandbox';
import { sandboxManagementCluster } from '../__testUtils__/sandboxManagement';
import { RegistrationController } from './RegistrationController';

/**
 * A replica that loses the registration task stops its controller while
 * another takes over: once `stop` returns, this one must be done, with no
 * reconcile still writing and no retry announced for work it gave up.
 */
describe('RegistrationController.stop', () => {
  let sandbox: Sandbox;
  let controller: RegistrationController;
  let logger: ReturnType<typeof mockServices.logger.mock>;
  /** Settles the profile lookup of the reconcile in flight (past the controller's checks). */
  let settle: { resolve(): void; reject(error: Error): void };
  let asked: Promise<void>;

  beforeEach(async () => {
    sandbox = await Sandbox.start({ provisioningDelayMs: 100 });
    logger = mockServices.logger.mock();
    let onAsked!: () => void;
    asked = new Promise(resolve => (onAsked = resolve));
    const lookup = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
    controller = new RegistrationController({
      cluster: sandboxManagementCluster(sandbox),
      logger,
      profileLabels: async () => {
        onAsked();
        await lookup;
        return {};
      },
    });
    await controller.start();
    const kc = kubeConfigFor(sandbox.apiServer.url, sandbox.token);
    await kc.makeApiClient(CustomObjectsApi).createNamespacedCustomObject({
      group: 'cluster.x-k8s.io',
      version: 'v1beta1',
      plural: 'clusters',
      namespace: 'default',
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta1',
        kind: 'Cluster',
        metadata: { name: 'midway' },
        spec: {},
      },
    });
    await asked;
  });
  afterEach(async () => {
    await controller.stop();
    await sandbox.stop();
  });

  /** Whether `promise` has settled once everything already due has run. */
  const settled = async (promise: Promise<unknown>) => {
    let done = false;
    void promise.then(() => (done = true));
    await new Promise(resolve => setTimeout(resolve, 100));
    return done;
  };

  it('returns only once the reconcile in flight has finished, whose write then stands', async () => {
    const stopping = controller.stop();
    expect(await settled(stopping)).toBe(false);
    settle.resolve();
    await stopping;
    const core = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
    ).makeApiClient(CoreV1Api);
    // Finished before stop returned: nothing is left to write afterwards.
    await expect(
      core.readNamespacedSecret({
        name: 'cluster-midway',
        namespace: 'argocd',
      }),
    ).resolves.toBeDefined();
  });

  it('does not announce or schedule a retry for a reconcile that failed after stop', async () => {
    const stopping = controller.stop();
    settle.reject(new Error('the connection went away'));
    await stopping;
    expect(logger.warn).not.toHaveBeenCalledWith(
      expect.stringMatching(/retrying/),
    );
  });
});
