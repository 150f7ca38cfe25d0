import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { CoreV1Api } from '@kubernetes/client-node';
import {
  KubeApiServer,
  Sandbox,
  kubeConfigFor,
  kubeconfigYaml,
} from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import { parse, stringify } from 'yaml';
import { arlonPlugin } from '../plugin';

const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

/**
 * POST /api/arlon/clusters/import with hostile kubeconfigs and names: each is
 * refused with a 4xx naming what is wrong, before anything runs, connects,
 * registers or commits.
 */
describe('POST /api/arlon/clusters/import, hostile', () => {
  let sandbox: Sandbox;
  let edge: KubeApiServer;
  let server: any;
  let core: CoreV1Api;
  let edgeCore: CoreV1Api;
  let base: any;
  let tmp: string;
  const marker = () => path.join(tmp, 'ran');

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'arlon-hostile-'));
    fs.writeFileSync(path.join(tmp, 'secret'), 'a-file-on-the-portal-host');
    sandbox = await Sandbox.start({ fleetSeedDir: EXAMPLE });
    edge = await KubeApiServer.start({ token: 'edge-admin' });
    base = parse(kubeconfigYaml('edge', edge.url, 'edge-admin', edge.caData));
    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        mockServices.rootConfig.factory({
          data: {
            backend: { listen: { port: 7007 } },
            arlon: sandbox.arlonConfig(),
          },
        }),
      ],
    }));
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
    await edge.stop();
    await sandbox.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** The edge kubeconfig with `change` applied to a copy. */
  const variant = (change: (k: any) => void) => {
    const k = structuredClone(base);
    change(k);
    return stringify(k);
  };
  const withServer = (url: string) =>
    variant(k => {
      k.clusters[0].cluster.server = url;
    });

  const argocdSecret = (name: string) =>
    core
      .readNamespacedSecret({ name: `cluster-${name}`, namespace: 'argocd' })
      .catch(() => undefined);

  /** Imports `kubeconfig` as `name`; asserts the status, the message, and that nothing happened. */
  async function refused(
    kubeconfig: string,
    message: string | RegExp,
    { name = 'hostile', status = 400 } = {},
  ) {
    const res = await request(server)
      .post('/api/arlon/clusters/import')
      .send({ name, kubeconfig, profiles: [] });
    expect(res.status).toBe(status);
    expect(res.body.error.message).toMatch(message);
    expect(JSON.stringify(res.body)).not.toContain('edge-admin');
    expect(fs.existsSync(marker())).toBe(false);
    expect(await argocdSecret(name)).toBeUndefined();
    await request(server).get(`/api/arlon/clusters/${name}`).expect(404);
    // Nothing was created in the workload cluster either.
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
        k.users[0].user = {
          exec: {
            apiVersion: 'client.authentication.k8s.io/v1',
            command: 'touch',
            args: [marker()],
          },
        };
      }),
      /users\[0\]\.user\.exec: runs a command/,
    ));

  it('refuses an auth-provider with a cmd-path without running it', () =>
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
      /users\[0\]\.user\.tokenFile: reads a file/,
    ));

  it('refuses a client-certificate path', () =>
    refused(
      variant(k => {
        k.users[0].user = {
          'client-certificate': path.join(tmp, 'secret'),
          'client-key-data': 'x',
        };
      }),
      /users\[0\]\.user\.client-certificate: reads a file/,
    ));

  it('refuses a client-key path', () =>
    refused(
      variant(k => {
        k.users[0].user['client-key'] = path.join(tmp, 'secret');
      }),
      /users\[0\]\.user\.client-key: reads a file/,
    ));

  it('refuses a certificate-authority path', () =>
    refused(
      variant(k => {
        k.clusters[0].cluster['certificate-authority'] = '/etc/passwd';
      }),
      /clusters\[0\]\.cluster\.certificate-authority: reads a file/,
    ));

  it('refuses a proxy-url', () =>
    refused(
      variant(k => {
        k.clusters[0].cluster['proxy-url'] = 'http://127.0.0.1:7007';
      }),
      /clusters\[0\]\.cluster\.proxy-url/,
    ));

  it('refuses a plain http server', () =>
    refused(
      withServer(edge.url.replace('https:', 'http:')),
      /clusters\[0\]\.cluster\.server: uses http; .* https only/,
    ));

  it('refuses insecure-skip-tls-verify', () =>
    refused(
      variant(k => {
        k.clusters[0].cluster['insecure-skip-tls-verify'] = true;
      }),
      /clusters\[0\]\.cluster\.insecure-skip-tls-verify/,
    ));

  it("refuses the portal's own port on loopback, although the sandbox allows loopback", () =>
    refused(
      withServer('https://127.0.0.1:7007'),
      /the portal does not connect to https:\/\/127\.0\.0\.1:7007: the address is the portal's own port/,
    ));

  // Loopback beyond the sandbox's one allowed address, in every spelling
  // (localhost on any port: the scaffolder's suite, under the default policy).
  it.each([
    ['127.0.0.2', 'https://127.0.0.2:6443'],
    [
      'localhost on the portal port (resolves to loopback)',
      'https://localhost:7007',
    ],
    ['[::1]', 'https://[::1]:6443'],
    ['::ffff:127.0.0.2 (IPv4-mapped)', 'https://[::ffff:127.0.0.2]:6443'],
    ['2130706434 (decimal)', 'https://2130706434:6443'],
    ['0x7f000002 (hex)', 'https://0x7f000002:6443'],
    ['017700000002 (octal)', 'https://017700000002:6443'],
    ['169.254.169.254 (metadata)', 'https://169.254.169.254'],
    ['[fd00:ec2::254] (metadata over IPv6)', 'https://[fd00:ec2::254]'],
    ['0.0.0.0', 'https://0.0.0.0:6443'],
    ['[::]', 'https://[::]:6443'],
  ])('refuses a server at %s before connecting', (_what, url) =>
    refused(
      withServer(url),
      /kubeconfig clusters\[0\]\.cluster\.server: the portal does not connect to .*arlon\.security\.allowedNetworks/,
    ),
  );

  it('says only "unreachable" of a server that does not answer: no socket error to scan ports with', async () => {
    const res = await request(server)
      .post('/api/arlon/clusters/import')
      .send({
        name: 'hostile',
        kubeconfig: withServer('https://127.0.0.1:1'),
        profiles: [],
      })
      .expect(400);
    expect(res.body.error.message).toMatch(/unreachable from the portal/);
    expect(res.body.error.message).not.toMatch(/ECONN|connect|:1\b/);
  });

  it('refuses a current context that names a missing cluster', () =>
    refused(
      variant(k => {
        k.contexts[0].context.cluster = 'elsewhere';
      }),
      /contexts\[0\]\.context\.cluster: names cluster "elsewhere", which the kubeconfig does not define/,
    ));

  it('refuses an ambiguous current context', () =>
    refused(
      variant(k => {
        k.contexts.push(structuredClone(k.contexts[0]));
      }),
      /current-context: names context "edge", which the kubeconfig defines 2 times/,
    ));

  it('refuses a YAML alias bomb with a 400, not a 500', () =>
    refused(
      [
        'a: &a ["x","x","x","x","x","x","x","x","x"]',
        'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
        'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
        'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
        'e: [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
      ].join('\n'),
      /uses YAML anchors and aliases/,
    ));

  it('refuses an oversized kubeconfig', () =>
    refused(
      variant(k => {
        k.preferences = { padding: 'x'.repeat(70_000) };
      }),
      /larger than 64 KiB/,
    ));

  it('refuses to import over an existing cluster (409) and leaves its definition alone', async () => {
    const before = await request(server)
      .get('/api/arlon/clusters/edge-imported')
      .expect(200);
    const res = await request(server)
      .post('/api/arlon/clusters/import')
      .send({ name: 'edge-imported', kubeconfig: stringify(base) })
      .expect(409);
    expect(res.body.error.message).toContain(
      'A Cluster named "edge-imported" already exists (arlon/clusters/edge-imported.yaml); an import never replaces one',
    );
    const after = await request(server)
      .get('/api/arlon/clusters/edge-imported')
      .expect(200);
    expect(after.body.definition).toEqual(before.body.definition);
    expect(await argocdSecret('edge-imported')).toBeUndefined();
    await expect(
      edgeCore.readNamespacedServiceAccount({
        name: 'argocd-manager',
        namespace: 'kube-system',
      }),
    ).rejects.toMatchObject({ code: 404 });
  });

  it('refuses to import under a name whose ArgoCD cluster Secret exists (409), as the scaffolder does, and leaves the Secret and the workload cluster alone', async () => {
    // Someone's registration, made outside Arlon: an import must not overwrite its credentials.
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
          config: '{"bearerToken":"theirs"}',
        },
      },
    });
    const res = await request(server)
      .post('/api/arlon/clusters/import')
      .send({ name: 'registered', kubeconfig: stringify(base), profiles: [] })
      .expect(409);
    expect(res.body.error.message).toContain(
      'ArgoCD on sandbox already has a cluster Secret argocd/cluster-registered; an import never replaces one',
    );
    const after = await core.readNamespacedSecret({
      name: 'cluster-registered',
      namespace: 'argocd',
    });
    expect(after.metadata?.resourceVersion).toBe(
      created.metadata?.resourceVersion,
    );
    await request(server).get('/api/arlon/clusters/registered').expect(404);
    await expect(
      edgeCore.readNamespacedServiceAccount({
        name: 'argocd-manager',
        namespace: 'kube-system',
      }),
    ).rejects.toMatchObject({ code: 404 });
  });

  it('refuses to adopt an ArgoCD cluster Secret not labelled for that name, and leaves it unchanged', async () => {
    const created = await core.createNamespacedSecret({
      namespace: 'argocd',
      body: {
        metadata: {
          name: 'cluster-someone-else',
          labels: { 'argocd.argoproj.io/secret-type': 'cluster' },
        },
        stringData: {
          name: 'someone-else',
          server: 'https://someone-else.example:6443',
          config: '{}',
        },
      },
    });
    const res = await request(server)
      .post('/api/arlon/clusters/import')
      .send({ name: 'taken', argocdCluster: 'someone-else', profiles: [] })
      .expect(409);
    expect(res.body.error.message).toContain(
      'has no arlon.io/cluster label. An ArgoCD admin adopts it for Arlon with: kubectl label secret -n argocd cluster-someone-else arlon.io/cluster=taken',
    );
    const after = await core.readNamespacedSecret({
      name: 'cluster-someone-else',
      namespace: 'argocd',
    });
    expect(after.metadata?.labels).toEqual(created.metadata?.labels);
    expect(after.metadata?.resourceVersion).toBe(
      created.metadata?.resourceVersion,
    );
    await request(server).get('/api/arlon/clusters/taken').expect(404);
  });
});
