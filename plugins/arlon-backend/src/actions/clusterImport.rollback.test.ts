import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { CoreV1Api, RbacAuthorizationV1Api } from '@kubernetes/client-node';
import {
  KubeApiServer,
  kubeConfigFor,
  kubeconfigYaml,
  Sandbox,
} from '@arlon-backstage/arlon-sandbox';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { arlonPlugin } from '../plugin';

const run = promisify(execFile);
const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

/**
 * An import whose commit fails (here: pull-request mode, and the host
 * refuses the pull request) is taken back: no ArgoCD Secret, no ArgoCD
 * account in the cluster, no branch, no commit. Never half imported.
 */
describe('an import whose commit fails', () => {
  let sandbox: Sandbox;
  let edge: KubeApiServer;
  let server: any;
  // The Git host's pull request API (Gitea's shape), refusing every pull
  // request as a protected repository would; Git itself is the sandbox's.
  let asked = 0;
  const host = http.createServer((req, res) => {
    if (
      req.method === 'POST' &&
      /\/api\/v1\/repos\/.*\/pulls$/.test(req.url ?? '')
    ) {
      asked++;
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          message: 'branch protection: pull requests are closed',
        }),
      );
      return;
    }
    res.writeHead(404).end();
  });
  const refs = async () =>
    (await run('git', ['ls-remote', '--heads', sandbox.fleetRepoUrl])).stdout
      .split('\n')
      .filter(Boolean)
      .map(line => line.split('\t')[1])
      .sort();

  beforeAll(async () => {
    await new Promise<void>(resolve => host.listen(0, '127.0.0.1', resolve));
    const hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      argocdResyncMs: 60_000,
    });
    edge = await KubeApiServer.start({ token: 'edge-admin' });
    const gitUrl = new URL(sandbox.fleetRepoUrl);
    const config = sandbox.arlonConfig();
    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        mockServices.rootConfig.factory({
          data: {
            integrations: {
              gitea: [{ host: gitUrl.host, baseUrl: hostUrl }],
            },
            arlon: {
              ...config,
              fleetRepo: {
                ...config.fleetRepo,
                writeMode: 'pullRequest',
                regenerate: 'off',
              },
            },
          },
        }),
      ],
    }));
  }, 60_000);
  afterAll(async () => {
    host.close();
    await edge.stop();
    await sandbox.stop();
  });

  it('leaves no ArgoCD Secret, no argocd-manager account, no branch and no commit', async () => {
    const before = await refs();
    const head = (await run('git', ['ls-remote', sandbox.fleetRepoUrl, 'main']))
      .stdout;
    const res = await request(server)
      .post('/api/arlon/clusters/import')
      .send({
        name: 'edge-5',
        kubeconfig: kubeconfigYaml(
          'edge-5',
          edge.url,
          'edge-admin',
          edge.caData,
        ),
        profiles: ['infrastructure'],
      });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.error.message).toMatch(
      /Opening the pull request failed: 422/,
    );
    expect(asked).toBe(1);

    const core = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    ).makeApiClient(CoreV1Api);
    await expect(
      core.readNamespacedSecret({
        name: 'cluster-edge-5',
        namespace: 'argocd',
      }),
    ).rejects.toMatchObject({ code: 404 });
    const inEdge = kubeConfigFor(edge.url, 'edge-admin', edge.caData);
    await expect(
      inEdge.makeApiClient(CoreV1Api).readNamespacedServiceAccount({
        name: 'argocd-manager',
        namespace: 'kube-system',
      }),
    ).rejects.toMatchObject({ code: 404 });
    await expect(
      inEdge
        .makeApiClient(RbacAuthorizationV1Api)
        .readClusterRoleBinding({ name: 'argocd-manager-role-binding' }),
    ).rejects.toMatchObject({ code: 404 });
    expect(await refs()).toEqual(before);
    expect(
      (await run('git', ['ls-remote', sandbox.fleetRepoUrl, 'main'])).stdout,
    ).toBe(head);
  }, 60_000);
});
