import { CoreV1Api } from '@kubernetes/client-node';
import {
  KubeApiServer,
  Sandbox,
  kubeConfigFor,
  kubeconfigYaml,
} from '@arlon-backstage/arlon-sandbox';
import {
  ManagementClusters,
  DEFAULT_SECURITY,
} from '@arlon-backstage/plugin-arlon-node';
import { parse } from 'yaml';
import { stepContext, TestFleet } from '../__testUtils__/testFleet';
import { createClusterImportAction } from './clusterImport';

describe('arlon:cluster:import', () => {
  let sandbox: Sandbox;
  let edge: KubeApiServer;
  let kubeconfig: string;
  let fleet: Awaited<ReturnType<typeof TestFleet.start>>;
  let action: ReturnType<typeof createClusterImportAction>;
  let core: CoreV1Api;

  const argocdSecret = (name: string) =>
    core
      .readNamespacedSecret({ name: `cluster-${name}`, namespace: 'argocd' })
      .catch(() => undefined);

  beforeAll(async () => {
    sandbox = await Sandbox.start({});
    edge = await KubeApiServer.start({ token: 'edge-admin-token' });
    kubeconfig = kubeconfigYaml(
      'edge',
      edge.url,
      'edge-admin-token',
      edge.caData,
    );
    fleet = await TestFleet.start(
      new ManagementClusters(
        [
          {
            name: 'sandbox',
            url: sandbox.apiServer.url,
            serviceAccountToken: sandbox.token,
            skipTLSVerify: true,
            argocdNamespace: 'argocd',
          },
        ],
        // The sandbox's clusters are on loopback: allowed explicitly, as app-config.yaml does.
        { ...DEFAULT_SECURITY, allowedNetworks: ['127.0.0.1/32'] },
      ),
    );
    action = createClusterImportAction(fleet.options);
    core = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    ).makeApiClient(CoreV1Api);
  });
  afterAll(async () => {
    await fleet.stop();
    await edge.stop();
    await sandbox.stop();
  });

  it('on a dry run, registers nothing and writes nothing', async () => {
    const before = await fleet.commits();
    const { ctx, outputs } = stepContext(
      { name: 'edge-2', kubeconfig, profiles: ['infrastructure'] },
      { dryRun: true },
    );
    await action.handler(ctx);
    expect(outputs).toEqual({
      entityRef: 'resource:default/edge-2',
      files: ['create arlon/clusters/edge-2.yaml'],
    });
    expect(await argocdSecret('edge-2')).toBeUndefined();
    expect(await fleet.commits()).toBe(before);
  });

  it('on a dry run from an ArgoCD cluster, checks that ArgoCD knows it, labelled for Arlon, and changes nothing', async () => {
    // An ArgoCD admin labelled it for adoption under this name.
    const labels = {
      'argocd.argoproj.io/secret-type': 'cluster',
      'arlon.io/cluster': 'legacy',
    };
    await core.createNamespacedSecret({
      namespace: 'argocd',
      body: {
        metadata: { name: 'cluster-legacy', labels },
        stringData: {
          name: 'legacy',
          server: 'https://legacy.example:6443',
          config: '{}',
        },
      },
    });
    const { ctx, logs } = stepContext(
      { name: 'legacy', argocdCluster: 'legacy' },
      { dryRun: true },
    );
    await action.handler(ctx);
    expect(logs.join('\n')).toContain(
      'would register legacy (https://legacy.example:6443) in ArgoCD on sandbox',
    );
    expect((await argocdSecret('legacy'))?.metadata?.labels).toEqual(labels);
    await expect(
      action.handler(
        stepContext({ name: 'ghost', argocdCluster: 'ghost' }, { dryRun: true })
          .ctx,
      ),
    ).rejects.toThrow('ArgoCD on sandbox knows no cluster named "ghost"');
  });

  it('registers the cluster in ArgoCD with its profile label and commits its definition; the kubeconfig goes nowhere', async () => {
    const before = await fleet.commits();
    const { ctx, outputs, logs } = stepContext({
      name: 'edge-2',
      kubeconfig,
      profiles: ['infrastructure'],
    });
    await action.handler(ctx);
    expect(await fleet.commits()).toBe(before + 1);
    expect(outputs).toMatchObject({
      entityRef: 'resource:default/edge-2',
      commit: await fleet.head(),
    });
    const secret = await argocdSecret('edge-2');
    expect(secret?.metadata?.labels).toMatchObject({
      'argocd.argoproj.io/secret-type': 'cluster',
      'arlon.io/cluster': 'edge-2',
      'profile.arlon.io/infrastructure': 'true',
    });
    expect(
      parse((await fleet.file('arlon/clusters/edge-2.yaml'))!).spec,
    ).toEqual({
      external: { server: edge.url },
      profiles: ['infrastructure'],
    });
    // ArgoCD holds its own service account's token, not the admin's from the kubeconfig.
    const config = Buffer.from(secret!.data!.config, 'base64').toString();
    expect(config).not.toContain('edge-admin-token');
    for (const text of [JSON.stringify(outputs), ...logs])
      expect(text).not.toContain('edge-admin-token');
  });

  it('refuses to import again under the same name: import is create-only', async () => {
    const before = await fleet.commits();
    const error = await action
      .handler(
        stepContext({
          name: 'edge-2',
          kubeconfig,
          profiles: ['infrastructure'],
        }).ctx,
      )
      .catch(e => e);
    expect(error.name).toBe('ConflictError');
    expect(error.message).toContain(
      'A Cluster named "edge-2" already exists (arlon/clusters/edge-2.yaml)',
    );
    expect(await fleet.commits()).toBe(before);
  });

  it('checks the definition before registering anything', async () => {
    const before = await fleet.commits();
    await expect(
      action.handler(
        stepContext({ name: 'edge-3', kubeconfig, profiles: ['nope'] }).ctx,
      ),
    ).rejects.toThrow(/nope/);
    await expect(
      action.handler(
        stepContext({ name: 'edge-3', kubeconfig, argocdCluster: 'x' }).ctx,
      ),
    ).rejects.toThrow('Give either "kubeconfig"');
    expect(await argocdSecret('edge-3')).toBeUndefined();
    expect(await fleet.commits()).toBe(before);
  });

  it('says what went wrong with a kubeconfig it cannot use, without echoing it', async () => {
    const broken = kubeconfig.replace(edge.url, 'https://127.0.0.1:1');
    const error = await action
      .handler(stepContext({ name: 'edge-4', kubeconfig: broken }).ctx)
      .catch(e => e);
    // Unreachable, and no more: the socket's words would make a port scanner.
    expect(error.message).toMatch(/^The portal could not use the kubeconfig/);
    expect(error.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    expect(error.message).not.toContain('edge-admin-token');
    expect(await argocdSecret('edge-4')).toBeUndefined();
  });

  it('fails without arlon.cluster.create and registers nothing', async () => {
    fleet.allow = false;
    try {
      await expect(
        action.handler(stepContext({ name: 'edge-5', kubeconfig }).ctx),
      ).rejects.toThrow(
        'You may not import clusters (permission arlon.cluster.create)',
      );
    } finally {
      fleet.allow = true;
    }
    expect(await argocdSecret('edge-5')).toBeUndefined();
  });
});
