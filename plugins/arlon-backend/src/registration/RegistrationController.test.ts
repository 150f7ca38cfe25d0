import { mockServices } from '@backstage/backend-test-utils';
import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import {
  Sandbox,
  kubeConfigFor,
  eventually,
} from '@arlon-backstage/arlon-sandbox';
import type { ManagementCluster } from '@arlon-backstage/plugin-arlon-node';
import { sandboxManagementCluster } from '../__testUtils__/sandboxManagement';
import { RegistrationController } from './RegistrationController';

/** createArgoCdAccess as it is, counted: how often a workload cluster is asked for ArgoCD's account. */
jest.mock('@arlon-backstage/plugin-arlon-node', () => {
  const actual = jest.requireActual('@arlon-backstage/plugin-arlon-node');
  return {
    ...actual,
    createArgoCdAccess: jest.fn(actual.createArgoCdAccess),
  };
});

describe('RegistrationController', () => {
  let sandbox: Sandbox;
  let controller: RegistrationController;
  let management: ManagementCluster;

  /** Clusters the sandbox holds between writing their kubeconfig and Provisioned. */
  const held = new Map<string, Promise<void>>();
  /** Clusters whose profile labels the controller asked for: only past its checks. */
  let asked: string[] = [];

  beforeEach(async () => {
    asked = [];
    sandbox = await Sandbox.start({
      provisioningDelayMs: 100,
      beforeProvisioned: async ({ name }) => held.get(name),
    });
  });
  afterEach(async () => {
    sandbox.apiServer.faults.errorRate = {};
    await controller?.stop();
    await sandbox.stop();
  }, 20_000);

  const start = async (
    profiles: Record<string, string[]> = {},
    concurrency?: number,
  ) => {
    const cluster = sandboxManagementCluster(sandbox);
    management = cluster;
    controller = new RegistrationController({
      cluster,
      logger: mockServices.logger.mock(),
      profileLabels: async name => {
        asked.push(name);
        return Object.fromEntries(
          (profiles[name] ?? []).map(p => [`profile.arlon.io/${p}`, 'true']),
        );
      },
      concurrency,
    });
    await controller.start();
  };

  const kc = () =>
    kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    );
  const createCapiCluster = (name: string) =>
    kc()
      .makeApiClient(CustomObjectsApi)
      .createNamespacedCustomObject({
        group: 'cluster.x-k8s.io',
        version: 'v1beta1',
        plural: 'clusters',
        namespace: 'default',
        body: {
          apiVersion: 'cluster.x-k8s.io/v1beta1',
          kind: 'Cluster',
          metadata: { name },
          spec: {},
        },
      });
  const argocdSecret = (name: string) =>
    kc()
      .makeApiClient(CoreV1Api)
      .readNamespacedSecret({ name: `cluster-${name}`, namespace: 'argocd' });

  it('registers every cluster while the API server fails a fifth of the time', async () => {
    sandbox.apiServer.faults.errorRate = {
      get: 0.2,
      list: 0.2,
      create: 0.2,
      patch: 0.2,
      watch: 0.2,
    };
    await start({ c0: ['infrastructure'] });
    const names = Array.from({ length: 8 }, (_, i) => `c${i}`);
    for (const name of names) {
      for (;;) {
        try {
          await createCapiCluster(name);
          break;
        } catch (error: any) {
          if (error.code !== 500) throw error; // an injected fault: try again, as a client would
        }
      }
    }
    // Dropped watches too: the informers relist and carry on.
    setTimeout(() => sandbox.apiServer.dropWatches(), 300);
    for (const name of names) {
      await eventually(
        async () => !!(await argocdSecret(name)),
        `cluster ${name} to be registered`,
      );
    }
    sandbox.apiServer.faults.errorRate = {};
    expect((await argocdSecret('c0')).metadata?.labels).toMatchObject({
      'profile.arlon.io/infrastructure': 'true',
      'arlon.io/cluster': 'c0',
    });
  }, 60_000);

  it('takes a removed profile off the ArgoCD cluster Secret, so its bundles stop deploying', async () => {
    const profiles = { keep: ['infrastructure', 'apps'] };
    await start(profiles);
    await createCapiCluster('keep');
    await eventually(
      async () =>
        (
          await argocdSecret('keep')
        ).metadata?.labels?.['profile.arlon.io/apps'] === 'true',
      'registration with both profiles',
    );
    profiles.keep = ['infrastructure'];
    controller.resync();
    await eventually(
      async () =>
        !(
          'profile.arlon.io/apps' in
          ((await argocdSecret('keep')).metadata?.labels ?? {})
        ),
      'the apps label removed',
    );
    const labels = (await argocdSecret('keep')).metadata?.labels ?? {};
    expect(
      Object.keys(labels).filter(k => k.startsWith('profile.arlon.io/')),
    ).toEqual(['profile.arlon.io/infrastructure']);
    expect(labels).toMatchObject({
      'arlon.io/cluster': 'keep',
      'argocd.argoproj.io/secret-type': 'cluster',
    });
  });

  it('under a burst registers every cluster in ArgoCD first, oldest first, then makes their viewer credentials', async () => {
    const names = ['b0', 'b1', 'b2', 'b3'];
    for (const name of names) await createCapiCluster(name);
    // Every cluster Provisioned before the controller starts: its first
    // resync queues them all at once, a burst.
    const custom = kc().makeApiClient(CustomObjectsApi);
    for (const name of names)
      await eventually(async () => {
        const c: any = await custom.getNamespacedCustomObject({
          group: 'cluster.x-k8s.io',
          version: 'v1beta1',
          plural: 'clusters',
          namespace: 'default',
          name,
        });
        return c.status?.phase === 'Provisioned';
      }, `cluster ${name} Provisioned`);
    const written: string[] = [];
    sandbox.apiServer.store.observe(e => {
      const { name, namespace } = e.object.metadata ?? {};
      if (
        e.type === 'ADDED' &&
        e.object.kind === 'Secret' &&
        namespace === 'argocd'
      )
        written.push(name);
    });
    await start({}, 1);
    await eventually(
      async () =>
        written.filter(n => n.startsWith('arlon-viewer-')).length === 4,
      'the viewer credentials of every cluster',
    );
    expect(written).toEqual([
      ...names.map(n => `cluster-${n}`),
      ...names.map(n => `arlon-viewer-${n}`),
    ]);
  });

  it("makes ArgoCD's account in a workload cluster once: the viewer pass right after the registration does not register it again", async () => {
    const { createArgoCdAccess } = jest.requireMock(
      '@arlon-backstage/plugin-arlon-node',
    );
    createArgoCdAccess.mockClear();
    await start();
    await createCapiCluster('once');
    await eventually(
      async () =>
        !!(await kc()
          .makeApiClient(CoreV1Api)
          .readNamespacedSecret({
            name: 'arlon-viewer-once',
            namespace: 'argocd',
          })
          .catch(() => undefined)),
      'the viewer credentials',
    );
    await new Promise(r => setTimeout(r, 300));
    expect(createArgoCdAccess).toHaveBeenCalledTimes(1);
  });

  it('does not register a cluster whose kubeconfig exists before it is Provisioned', async () => {
    let provision!: () => void;
    held.set('slow', new Promise<void>(r => (provision = r)));
    await start();
    await createCapiCluster('slow');
    // Step one: the kubeconfig Secret is written, the Cluster still Provisioning.
    const { capiClusters, kubeconfigSecrets } = management.informers();
    await eventually(
      async () =>
        !!kubeconfigSecrets.get('slow-kubeconfig', 'default') &&
        capiClusters.get('slow', 'default')?.status?.phase === 'Provisioning',
      'the kubeconfig of a cluster not yet Provisioned, as the controller sees them',
    );
    // Its informers hold both: a reconcile now runs to the guard at once
    // (what follows the guard starts by asking for the profile labels).
    controller.resync();
    expect(asked).not.toContain('slow');
    await expect(argocdSecret('slow')).rejects.toMatchObject({ code: 404 });

    // Step two: Provisioned, then registered.
    provision();
    await eventually(
      async () => !!(await argocdSecret('slow')),
      'registration once Provisioned',
    );
    expect(asked).toContain('slow');
  });
});
