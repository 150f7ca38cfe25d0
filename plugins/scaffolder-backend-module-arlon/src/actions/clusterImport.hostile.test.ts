import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CoreV1Api } from '@kubernetes/client-node';
import {
  KubeApiServer,
  Sandbox,
  kubeConfigFor,
  kubeconfigYaml,
} from '@arlon-backstage/arlon-sandbox';
import { ManagementClusters } from '@arlon-backstage/plugin-arlon-node';
import { parse, stringify } from 'yaml';
import { stepContext, TestFleet } from '../__testUtils__/testFleet';
import { createClusterImportAction } from './clusterImport';

/**
 * arlon:cluster:import with hostile kubeconfigs, under the default policy (no
 * `arlon.security`, as a real portal runs): refused with an InputError naming
 * the field, in a dry run and a real run alike, before anything runs,
 * connects, registers or commits.
 */
describe('arlon:cluster:import, hostile', () => {
  let sandbox: Sandbox;
  let edge: KubeApiServer;
  let fleet: Awaited<ReturnType<typeof TestFleet.start>>;
  let action: ReturnType<typeof createClusterImportAction>;
  let core: CoreV1Api;
  let edgeCore: CoreV1Api;
  let base: any;
  let tmp: string;
  const marker = () => path.join(tmp, 'ran');

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'arlon-hostile-'));
    fs.writeFileSync(path.join(tmp, 'secret'), 'a-file-on-the-portal-host');
    sandbox = await Sandbox.start({});
    edge = await KubeApiServer.start({ token: 'edge-admin' });
    // A well-formed kubeconfig, but at an address the default policy refuses.
    base = parse(
      kubeconfigYaml(
        'edge',
        'https://k8s.example.com:6443',
        'edge-admin',
        edge.caData,
      ),
    );
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
    action = createClusterImportAction(fleet.options);
    core = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    ).makeApiClient(CoreV1Api);
    edgeCore = kubeConfigFor(edge.url, 'edge-admin', edge.caData).makeApiClient(
      CoreV1Api,
    );
  });
  afterAll(async () => {
    await fleet.stop();
    await edge.stop();
    await sandbox.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const variant = (change: (k: any) => void) => {
    const k = structuredClone(base);
    change(k);
    return stringify(k);
  };
  const withServer = (url: string) =>
    variant(k => {
      k.clusters[0].cluster.server = url;
    });

  /** Runs the import (dry and real); both refuse with `message` and change nothing. */
  async function refused(
    kubeconfig: string,
    message: RegExp,
    { name = 'hostile', errorName = 'InputError' } = {},
  ) {
    const before = await fleet.commits();
    for (const dryRun of [true, false]) {
      const { ctx, logs } = stepContext({ name, kubeconfig }, { dryRun });
      const error = await action.handler(ctx).then(
        () => undefined,
        e => e,
      );
      expect(error?.name).toBe(errorName);
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain('edge-admin');
      expect(logs.join('\n')).not.toContain('edge-admin');
    }
    expect(fs.existsSync(marker())).toBe(false);
    expect(await fleet.commits()).toBe(before);
    await expect(
      core.readNamespacedSecret({
        name: `cluster-${name}`,
        namespace: 'argocd',
      }),
    ).rejects.toMatchObject({ code: 404 });
    await expect(
      edgeCore.readNamespacedServiceAccount({
        name: 'argocd-manager',
        namespace: 'kube-system',
      }),
    ).rejects.toMatchObject({ code: 404 });
  }

  it('refuses a user.exec entry without running it', () =>
    refused(
      variant(k => {
        k.users[0].user = { exec: { command: 'touch', args: [marker()] } };
      }),
      /users\[0\]\.user\.exec: runs a command/,
    ));

  it('refuses an exec entry in a user the current context does not use', () =>
    refused(
      variant(k => {
        k.users.push({
          name: 'other',
          user: { exec: { command: 'touch', args: [marker()] } },
        });
      }),
      /users\[1\]\.user\.exec: runs a command/,
    ));

  it('refuses an auth-provider cmd-path without running it', () =>
    refused(
      variant(k => {
        k.users[0].user = {
          'auth-provider': {
            name: 'gcp',
            config: { 'cmd-path': 'touch', 'cmd-args': marker() },
          },
        };
      }),
      /users\[0\]\.user\.auth-provider/,
    ));

  it('refuses a tokenFile', () =>
    refused(
      variant(k => {
        k.users[0].user = { tokenFile: path.join(tmp, 'secret') };
      }),
      /users\[0\]\.user\.tokenFile/,
    ));

  it('refuses client-certificate and client-key paths', () =>
    refused(
      variant(k => {
        k.users[0].user = {
          'client-certificate': path.join(tmp, 'secret'),
          'client-key': path.join(tmp, 'secret'),
        };
      }),
      /users\[0\]\.user\.client-certificate: reads a file/,
    ));

  it('refuses a certificate-authority path', () =>
    refused(
      variant(k => {
        k.clusters[0].cluster['certificate-authority'] = '/etc/passwd';
      }),
      /clusters\[0\]\.cluster\.certificate-authority/,
    ));

  it('refuses a proxy-url', () =>
    refused(
      variant(k => {
        k.clusters[0].cluster['proxy-url'] = 'socks5://127.0.0.1:1080';
      }),
      /clusters\[0\]\.cluster\.proxy-url/,
    ));

  it('refuses a plain http server', () =>
    refused(
      withServer('http://k8s.example.com:6443'),
      /clusters\[0\]\.cluster\.server: uses http/,
    ));

  it('refuses a __proto__ key', () =>
    refused(
      `__proto__: {polluted: true}\n${stringify(base)}`,
      /kubeconfig __proto__: is not a kubeconfig field/,
    ));

  it.each([
    ['127.0.0.1', 'https://127.0.0.1:6443'],
    ['localhost (resolves to loopback)', 'https://localhost:6443'],
    ['[::1]', 'https://[::1]:6443'],
    ['::ffff:127.0.0.1', 'https://[::ffff:127.0.0.1]:6443'],
    ['2130706433', 'https://2130706433:6443'],
    ['0x7f000001', 'https://0x7f000001:6443'],
    ['017700000001', 'https://017700000001:6443'],
    ['169.254.169.254', 'https://169.254.169.254'],
    ['0.0.0.0', 'https://0.0.0.0:6443'],
    ["the portal's own port", 'https://127.0.0.1:7007'],
  ])('refuses a server at %s under the default policy', (_what, url) =>
    refused(
      withServer(url),
      /kubeconfig clusters\[0\]\.cluster\.server: the portal does not connect to/,
    ),
  );

  it('refuses a sandbox cluster under the default policy: loopback needs explicit config', () =>
    refused(
      withServer(edge.url),
      /the portal does not connect to .*arlon\.security\.allowedNetworks/,
    ));

  it('refuses a context pointing at a missing cluster', () =>
    refused(
      variant(k => {
        k.contexts[0].context.cluster = 'gone';
      }),
      /contexts\[0\]\.context\.cluster: names cluster "gone"/,
    ));

  it('refuses a missing current-context', () =>
    refused(
      variant(k => {
        delete k['current-context'];
      }),
      /current-context: is missing/,
    ));

  it('refuses a YAML alias bomb', () =>
    refused(
      [
        'a: &a [x,x,x,x,x,x,x,x,x,x]',
        'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]',
        'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]',
        'd: [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]',
      ].join('\n'),
      /uses YAML anchors and aliases/,
    ));

  it('refuses an oversized kubeconfig', () =>
    refused(
      `# ${'x'.repeat(70_000)}\n${stringify(base)}`,
      /larger than 64 KiB/,
    ));

  it('refuses to import over an existing cluster (409), as REST does', async () => {
    const definition = await fleet.file('arlon/clusters/edge-imported.yaml');
    await refused(
      stringify(base),
      /A Cluster named "edge-imported" already exists/,
      {
        name: 'edge-imported',
        errorName: 'ConflictError',
      },
    );
    expect(await fleet.file('arlon/clusters/edge-imported.yaml')).toBe(
      definition,
    );
  });

  it('refuses to import under a name whose ArgoCD cluster Secret exists (409), as REST does, and leaves the Secret alone', async () => {
    const created = await core.createNamespacedSecret({
      namespace: 'argocd',
      body: {
        metadata: {
          name: 'cluster-registered',
          labels: { 'argocd.argoproj.io/secret-type': 'cluster' },
        },
        stringData: {
          name: 'registered',
          server: 'https://registered.example:6443',
        },
      },
    });
    const before = await fleet.commits();
    // The real run: the Secret is looked at before the kubeconfig is used.
    const error = await action
      .handler(
        stepContext({ name: 'registered', kubeconfig: stringify(base) }).ctx,
      )
      .catch(e => e);
    expect(error.name).toBe('ConflictError');
    expect(error.message).toContain(
      'ArgoCD on sandbox already has a cluster Secret argocd/cluster-registered; an import never replaces one',
    );
    const after = await core.readNamespacedSecret({
      name: 'cluster-registered',
      namespace: 'argocd',
    });
    expect(after.metadata?.resourceVersion).toBe(
      created.metadata?.resourceVersion,
    );
    expect(await fleet.commits()).toBe(before);
  });

  it('refuses to adopt an ArgoCD cluster Secret labelled for another name, and leaves it unchanged', async () => {
    const created = await core.createNamespacedSecret({
      namespace: 'argocd',
      body: {
        metadata: {
          name: 'cluster-prod-x',
          labels: {
            'argocd.argoproj.io/secret-type': 'cluster',
            'arlon.io/cluster': 'prod-x',
          },
        },
        stringData: { name: 'prod-x', server: 'https://prod-x.example:6443' },
      },
    });
    const before = await fleet.commits();
    for (const dryRun of [true, false]) {
      const error = await action
        .handler(
          stepContext({ name: 'mine', argocdCluster: 'prod-x' }, { dryRun })
            .ctx,
        )
        .catch(e => e);
      expect(error.name).toBe('ConflictError');
      expect(error.message).toContain(
        'may not be adopted as "mine": its Secret argocd/cluster-prod-x is labelled arlon.io/cluster=prod-x',
      );
    }
    const after = await core.readNamespacedSecret({
      name: 'cluster-prod-x',
      namespace: 'argocd',
    });
    expect(after.metadata?.resourceVersion).toBe(
      created.metadata?.resourceVersion,
    );
    expect(await fleet.commits()).toBe(before);
  });
});
