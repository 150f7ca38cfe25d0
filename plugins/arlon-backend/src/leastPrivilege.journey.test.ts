import path from 'node:path';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { CoreV1Api, RbacAuthorizationV1Api } from '@kubernetes/client-node';
import {
  eventually,
  kubeConfigFor,
  Sandbox,
} from '@arlon-backstage/arlon-sandbox';
import { portalClusterRole } from '@arlon-backstage/plugin-arlon-common';
import request from 'supertest';
import { arlonPlugin } from './plugin';
import {
  arlonConfigAs,
  portalAccountToken,
} from './__testUtils__/portalAccount';

const EXAMPLE = path.resolve(__dirname, '../../../examples/fleet');

/**
 * The portal with less than its generated role: what the management cluster
 * refuses reaches the user as a 403 that names the missing permission, and
 * an account bound to nothing gets nothing.
 */
describe('the portal on a management cluster that enforces RBAC', () => {
  let sandbox: Sandbox;

  beforeEach(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      provisioningDelayMs: 300,
      argocdResyncMs: 200,
    });
  });
  afterEach(() => sandbox.stop());

  const portalWith = async (token: string) =>
    (
      await startTestBackend({
        features: [
          arlonPlugin,
          mockServices.rootConfig.factory({
            data: { arlon: arlonConfigAs(sandbox, token) },
          }),
        ],
      })
    ).server;

  it('answers 403 naming the verb, resource, group and namespace the portal was not granted', async () => {
    const server = await portalWith(await portalAccountToken(sandbox));
    await request(server).post('/api/arlon/regenerate').expect(200);
    await request(server).post('/api/arlon/bootstrap').expect(200);
    // The example fleet's clusters get their ArgoCD applications.
    await eventually(
      async () =>
        (
          await request(server).get('/api/arlon/clusters/dev-local')
        ).body.status?.root,
      "dev-local's root application",
    );
    // An administrator narrows the portal's Role: no `patch` on Applications.
    const { roles } = portalClusterRole();
    const narrowed = {
      ...roles[0],
      rules: roles[0].rules!.map(r =>
        r.resources?.includes('applications')
          ? { ...r, verbs: r.verbs.filter(v => v !== 'patch') }
          : r,
      ),
    };
    await kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    )
      .makeApiClient(RbacAuthorizationV1Api)
      .replaceNamespacedRole({
        name: narrowed.metadata.name,
        namespace: 'argocd',
        body: narrowed,
      });

    const res = await request(server).post(
      '/api/arlon/clusters/dev-local/sync',
    );
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual(
      expect.objectContaining({
        name: 'NotAllowedError',
        message:
          'Kubernetes refused the portal\'s request (HTTP 403): User "system:serviceaccount:arlon:arlon-portal" cannot patch resource "applications" in API group "argoproj.io" in the namespace "argocd". Grant it to the account the portal uses (arlon bootstrap --print-rbac prints the portal\'s role).',
      }),
    );
  }, 60_000);

  it('gets nothing for an account bound to nothing: it cannot list namespaces', async () => {
    const token = await portalAccountToken(sandbox, { objects: [] });
    const core = kubeConfigFor(
      sandbox.apiServer.url,
      token,
      sandbox.apiServer.caData,
    ).makeApiClient(CoreV1Api);
    const refusal = await core.listNamespace().catch(error => error);
    expect(refusal.code).toBe(403);
    expect(JSON.parse(refusal.body).message).toBe(
      'namespaces is forbidden: User "system:serviceaccount:arlon:arlon-portal" cannot list resource "namespaces" in API group "" at the cluster scope',
    );
  });
});
