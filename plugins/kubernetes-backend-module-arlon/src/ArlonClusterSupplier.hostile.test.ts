import { mockServices } from '@backstage/backend-test-utils';
import { CoreV1Api, V1Secret } from '@kubernetes/client-node';
import { kubeConfigFor, Sandbox } from '@arlon-backstage/arlon-sandbox';
import {
  argocdClusterLabels,
  argocdClusterSecret,
  ManagementClusters,
  viewerSecret,
} from '@arlon-backstage/plugin-arlon-node';
import { ArlonClusterSupplier } from './ArlonClusterSupplier';

/**
 * What the supplier hands the Kubernetes backend is only what passes:
 * viewer Secrets that are whole (an https server, a token), for servers the
 * server-address policy allows; never ArgoCD's Secret or token.
 */
describe('ArlonClusterSupplier (hostile)', () => {
  let sandbox: Sandbox;
  let core: CoreV1Api;
  let supplier: ArlonClusterSupplier | undefined;
  const logger = mockServices.logger.mock();

  beforeAll(async () => {
    sandbox = await Sandbox.start();
    core = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    ).makeApiClient(CoreV1Api);
  });
  afterAll(() => sandbox.stop());
  afterEach(async () => {
    await supplier?.stop();
    supplier = undefined;
    const list = await core.listNamespacedSecret({ namespace: 'argocd' });
    for (const s of list.items)
      await core.deleteNamespacedSecret({
        name: s.metadata!.name!,
        namespace: 'argocd',
      });
  });

  /** The supplier over the sandbox, with `allowedNetworks` as arlon.security says. */
  const supply = (allowedNetworks: string[] = ['127.0.0.1/32']) => {
    const { managementClusters, security } = sandbox.arlonConfig();
    supplier = new ArlonClusterSupplier({
      clusters: new ManagementClusters(
        managementClusters.map(m => ({ ...m, argocdNamespace: 'argocd' })),
        {
          allowedNetworks: [...security.allowedNetworks, ...allowedNetworks],
          deniedNetworks: [],
          portalPorts: [7007],
          argocdClusterRoleRules: [],
        },
      ),
      logger,
      readyTimeoutMs: 10_000,
    });
    return supplier.getClusters();
  };
  const put = (body: V1Secret) =>
    core.createNamespacedSecret({ namespace: 'argocd', body });
  const viewer = (name: string, server: string, token = `viewer-${name}`) =>
    put(viewerSecret(name, { server, bearerToken: token, caData: 'Q0E=' }));

  it('supplies a whole viewer Secret for an allowed server, with its token only', async () => {
    await viewer('ok', 'https://127.0.0.1:6443');
    expect(await supply()).toEqual([
      {
        name: 'ok',
        title: 'ok',
        url: 'https://127.0.0.1:6443',
        authMetadata: {
          'kubernetes.io/auth-provider': 'serviceAccount',
          serviceAccountToken: 'viewer-ok',
        },
        caData: 'Q0E=',
        skipTLSVerify: false,
        skipMetricsLookup: false,
      },
    ]);
  });

  it('leaves out a cluster whose server is on loopback when arlon.security does not allow it', async () => {
    await viewer('loop', 'https://127.0.0.1:6443');
    const { managementClusters } = sandbox.arlonConfig();
    // The management cluster itself is on loopback: reached without the policy.
    supplier = new ArlonClusterSupplier({
      clusters: new ManagementClusters(
        managementClusters.map(m => ({ ...m, argocdNamespace: 'argocd' })),
      ),
      logger,
    });
    expect(await supplier.getClusters()).toEqual([]);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringContaining(
        'Workload cluster loop is not supplied to the Kubernetes plugin: its server address is refused by arlon.security',
      ),
    );
    expect(JSON.stringify(logger.warn.mock.calls)).not.toContain('viewer-loop');
  });

  it('leaves out a cluster whose server is a cloud metadata address', async () => {
    await viewer('meta', 'https://169.254.169.254');
    await viewer('ok', 'https://127.0.0.1:6443');
    expect((await supply()).map(c => c.name)).toEqual(['ok']);
  });

  it('leaves out a viewer Secret without a token (the backend would send its own service account token)', async () => {
    const body = viewerSecret('empty', {
      server: 'https://127.0.0.1:6443',
      bearerToken: '',
    });
    await put(body);
    expect(await supply()).toEqual([]);
  });

  it('leaves out a viewer Secret with a plain-http server', async () => {
    await viewer('plain', 'http://127.0.0.1:6443');
    expect(await supply()).toEqual([]);
  });

  it('leaves out a viewer-labelled Secret named for another cluster', async () => {
    const body = viewerSecret('a', {
      server: 'https://127.0.0.1:6443',
      bearerToken: 't',
    });
    body.metadata!.name = 'arlon-viewer-b';
    await put(body);
    expect(await supply()).toEqual([]);
  });

  it("never supplies an ArgoCD cluster Secret, nor lets ArgoCD's token through", async () => {
    await put(
      argocdClusterSecret(
        'argo-only',
        {
          server: 'https://127.0.0.1:6443',
          bearerToken: 'argocd-admin-token',
          caData: 'Q0E=',
        },
        argocdClusterLabels('argo-only', {}),
      ),
    );
    await viewer('both', 'https://127.0.0.1:6443');
    await put(
      argocdClusterSecret(
        'both',
        {
          server: 'https://127.0.0.1:6443',
          bearerToken: 'argocd-admin-token',
        },
        argocdClusterLabels('both', {}),
      ),
    );
    const clusters = await supply();
    expect(clusters.map(c => c.name)).toEqual(['both']);
    expect(JSON.stringify(clusters)).not.toContain('argocd-admin-token');
  });

  it('supplies neither copy of a cluster two management clusters hold viewer credentials for, and says so once', async () => {
    await viewer('twice', 'https://127.0.0.1:6443', 'token-of-twice');
    const { managementClusters, security } = sandbox.arlonConfig();
    // Two management clusters that both hold arlon-viewer-twice (here: the
    // same API server under two names, as a stale Secret would look).
    const [m] = managementClusters;
    const warn = mockServices.logger.mock();
    supplier = new ArlonClusterSupplier({
      clusters: new ManagementClusters(
        ['east', 'west'].map(name => ({
          ...m,
          name,
          argocdNamespace: 'argocd',
        })),
        {
          allowedNetworks: [...security.allowedNetworks, '127.0.0.1/32'],
          deniedNetworks: [],
          portalPorts: [7007],
          argocdClusterRoleRules: [],
        },
      ),
      logger: warn,
      readyTimeoutMs: 10_000,
    });
    expect(await supplier.getClusters()).toEqual([]);
    await supplier.getClusters();
    expect(warn.warn).toHaveBeenCalledTimes(1);
    expect(warn.warn).toHaveBeenCalledWith(
      'Workload cluster twice is not supplied to the Kubernetes plugin: more than one management cluster holds viewer credentials for it (Secret arlon-viewer-twice); delete the stale one',
    );
    expect(JSON.stringify(warn.warn.mock.calls)).not.toContain(
      'token-of-twice',
    );
  });
});
