import path from 'node:path';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import {
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { kubeConfigFor, Sandbox } from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import { arlonPlugin } from '../plugin';

const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');
const TOKEN = 'glpat-bootstrapHostile-31337';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

jest.setTimeout(120_000);

/**
 * POST /bootstrap with ArgoCD's repository credentials from the configured
 * integration (GitLab, for the sandbox's Git host): refusals apply nothing,
 * and the token is never in an answer.
 */
describe('POST /bootstrap', () => {
  let sandbox: Sandbox;
  let server: any;

  beforeEach(async () => {
    sandbox = await Sandbox.start({ fleetSeedDir: EXAMPLE });
    const host = new URL(sandbox.fleetRepoUrl).host;
    server = (
      await startTestBackend({
        features: [
          arlonPlugin,
          mockServices.rootConfig.factory({
            data: {
              arlon: sandbox.arlonConfig(),
              integrations: {
                gitlab: [
                  { host, token: TOKEN, apiBaseUrl: `http://${host}/api/v4` },
                ],
              },
            },
          }),
        ],
      })
    ).server;
    // The example's generated tree names another URL: regenerate for this sandbox.
    await request(server).post('/api/arlon/regenerate').expect(200);
  });
  afterEach(() => sandbox.stop());

  const kc = () =>
    kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    );
  const nothingApplied = async () => {
    const apps: any = await kc()
      .makeApiClient(CustomObjectsApi)
      .listNamespacedCustomObject({
        group: 'argoproj.io',
        version: 'v1alpha1',
        namespace: 'argocd',
        plural: 'applications',
      });
    expect(apps.items).toEqual([]);
    await expect(
      kc().makeApiClient(CoreV1Api).readNamespacedSecret({
        name: 'arlon-fleet-repository',
        namespace: 'argocd',
      }),
    ).rejects.toMatchObject({ code: 404 });
  };

  it('dryRun that is not true or false: 400 naming it, nothing applied', async () => {
    const res = await request(server).post('/api/arlon/bootstrap?dryRun=yes');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('dryRun must be true or false');
    await nothingApplied();
  });

  it('a repeated ?cluster=: 400, nothing applied (never the default cluster instead)', async () => {
    const res = await request(server).post(
      '/api/arlon/bootstrap?cluster=sandbox&cluster=other&dryRun=false',
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(
      'cluster must be one management cluster name, given once',
    );
    await nothingApplied();
  });

  it('ArgoCD 2.9: 409 naming the version and what to upgrade, nothing applied, no token in the answer', async () => {
    const apps = kc().makeApiClient(AppsV1Api);
    for (const name of ['argocd-applicationset-controller', 'argocd-server'])
      await apps.patchNamespacedDeployment(
        {
          name,
          namespace: 'argocd',
          body: {
            spec: {
              template: {
                spec: {
                  containers: [
                    { name, image: 'quay.io/argoproj/argocd:v2.9.3' },
                  ],
                },
              },
            },
          },
        },
        setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch),
      );
    const res = await request(server).post('/api/arlon/bootstrap');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain(
      'ArgoCD version: v2.9.3 (from argocd-applicationset-controller image quay.io/argoproj/argocd:v2.9.3) (Upgrade ArgoCD to 2.10 or later',
    );
    expect(res.text).not.toContain(TOKEN);
    await nothingApplied();
  });

  it("GET /verify reports ArgoCD's version from its Deployments, and 2.9 as a failed check", async () => {
    const versionCheck = async () =>
      (
        await request(server).get('/api/arlon/verify').expect(200)
      ).body.managementClusters[0].checks.find(
        (c: any) => c.name === 'ArgoCD version',
      );
    expect(await versionCheck()).toEqual({
      name: 'ArgoCD version',
      ok: true,
      detail: 'v3.5.1',
    });
    const apps = kc().makeApiClient(AppsV1Api);
    for (const name of ['argocd-applicationset-controller', 'argocd-server'])
      await apps.patchNamespacedDeployment(
        {
          name,
          namespace: 'argocd',
          body: {
            metadata: { labels: { 'app.kubernetes.io/version': null } },
            spec: {
              template: {
                spec: {
                  containers: [
                    { name, image: 'quay.io/argoproj/argocd:v2.9.3' },
                  ],
                },
              },
            },
          },
        },
        setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch),
      );
    expect(await versionCheck()).toMatchObject({
      ok: false,
      detail: 'v2.9.3',
      hint: expect.stringContaining('ArgoCD 2.10 or later is needed'),
    });
  });

  it("a dry run shows the integration's credentials Secret redacted and applies nothing", async () => {
    const res = await request(server)
      .post('/api/arlon/bootstrap?dryRun=true')
      .expect(200);
    const secret = res.body.objects.find((o: any) => o.kind === 'Secret');
    expect(secret).toMatchObject({
      metadata: {
        name: 'arlon-fleet-repository',
        labels: { 'argocd.argoproj.io/secret-type': 'repository' },
      },
      data: { password: '<redacted>', username: '<redacted>' },
    });
    expect(res.body.applied.map((o: any) => o.kind)).toEqual([
      'AppProject',
      'AppProject',
      'Secret',
      'Application',
    ]);
    expect(res.text).not.toContain(TOKEN);
    expect(res.text).not.toContain(b64(TOKEN));
    await nothingApplied();
  });

  it("applies the integration's token for ArgoCD, never answers it, and a second call changes nothing", async () => {
    const first = await request(server)
      .post('/api/arlon/bootstrap')
      .expect(200);
    expect(first.text).not.toContain(TOKEN);
    expect(first.text).not.toContain(b64(TOKEN));
    const secret = await kc().makeApiClient(CoreV1Api).readNamespacedSecret({
      name: 'arlon-fleet-repository',
      namespace: 'argocd',
    });
    expect(Buffer.from(secret.data!.password, 'base64').toString()).toBe(TOKEN);
    expect(Buffer.from(secret.data!.username, 'base64').toString()).toBe(
      'oauth2',
    );
    const second = await request(server)
      .post('/api/arlon/bootstrap')
      .expect(200);
    expect(second.body.applied).toEqual([]);
    expect(second.body.unchanged.map((o: any) => o.name)).toEqual([
      'arlon-bundles',
      'arlon-clusters',
      'arlon-fleet-repository',
      'arlon-fleet',
    ]);
  });
});
