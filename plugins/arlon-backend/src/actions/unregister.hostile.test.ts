import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import {
  AuthorizeResult,
  type Permission,
} from '@backstage/plugin-permission-common';
import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import { arlonPlugin } from '../plugin';

const run = promisify(execFile);
const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

/**
 * Hostile requests to unregister (and delete) clusters: each is refused with
 * the status and a message naming what was wrong, and nothing is committed
 * or removed; a later legitimate request still works.
 */
describe('POST /clusters/:name/unregister, refused', () => {
  let sandbox: Sandbox;
  let server: any;
  let denied: string | undefined;
  const head = async () =>
    (
      await run('git', ['ls-remote', sandbox.fleetRepoUrl, 'refs/heads/main'])
    ).stdout.split('\t')[0];
  let before: string;

  beforeAll(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      argocdResyncMs: 60_000,
    });
    const answer = (p: Permission) => ({
      result: p.name === denied ? AuthorizeResult.DENY : AuthorizeResult.ALLOW,
    });
    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        mockServices.rootConfig.factory({
          data: { arlon: sandbox.arlonConfig() },
        }),
        mockServices.permissions.mock({
          authorize: async requests =>
            requests.map(r => answer(r.permission)) as any,
          authorizeConditional: async requests =>
            requests.map(r => answer(r.permission)) as any,
        }).factory,
      ],
    }));
    before = await head();
  }, 60_000);
  afterAll(() => sandbox.stop());
  afterEach(async () => {
    denied = undefined;
    // Nothing committed, whatever was asked.
    const now = await head();
    if (now !== before)
      throw new Error(
        `a refused request committed ${now} (head was ${before})`,
      );
  });

  const unregister = (name: string, body?: object) =>
    request(server)
      .post(`/api/arlon/clusters/${name}/unregister`)
      .send(body ?? {});

  it('refuses a built cluster with 409: that is delete', async () => {
    const res = await unregister('dev-local').expect(409);
    expect(res.body.error.message).toMatch(
      /Cluster "dev-local" is built by Cluster API.*Delete it instead \(DELETE \/api\/arlon\/clusters\/dev-local\)/,
    );
  });

  it('answers 404 for a cluster the fleet does not have', async () => {
    const res = await unregister('nope').expect(404);
    expect(res.body.error.message).toBe(
      'No Cluster named "nope" in the fleet repository',
    );
  });

  it.each([
    ['upper case and underscore', 'Bad_Name'],
    ['a traversal', '..%2F..%2Fetc'],
    ['a dot-git name', '.git'],
  ])(
    'refuses a name that is not a name (%s) with 400 naming the field',
    async (_, name) => {
      const res = await unregister(name).expect(400);
      expect(res.body.error.message).toMatch(/^the URL's name /);
    },
  );

  it('refuses without arlon.cluster.delete (403 naming it)', async () => {
    denied = 'arlon.cluster.delete';
    const res = await unregister('edge-imported').expect(403);
    expect(res.body.error.message).toMatch(/arlon\.cluster\.delete/);
  });

  it('refuses a kubeconfig that is not text (400 naming "kubeconfig")', async () => {
    const res = await unregister('edge-imported', {
      kubeconfig: { clusters: [] },
    }).expect(400);
    expect(res.body.error.message).toMatch(/^"kubeconfig" must be YAML text/);
  });

  it('refuses a kubeconfig with an exec entry before anything is removed (400, nothing run)', async () => {
    const kubeconfig = `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://127.0.0.1:6443"}}]
users: [{name: u, user: {exec: {command: /bin/touch, args: [/tmp/arlon-pwned], apiVersion: client.authentication.k8s.io/v1}}}]
contexts: [{name: x, context: {cluster: c, user: u}}]
current-context: x
`;
    const res = await unregister('edge-imported', { kubeconfig }).expect(400);
    expect(res.body.error.message).toMatch(/exec/);
    await request(server).get('/api/arlon/clusters/edge-imported').expect(200);
  });

  it('refuses DELETE of an external cluster with 409: that is unregister', async () => {
    const res = await request(server)
      .delete('/api/arlon/clusters/edge-imported')
      .expect(409);
    expect(res.body.error.message).toMatch(/Unregister it instead/);
  });

  it('still previews a legitimate unregister afterwards', async () => {
    const res = await request(server)
      .post('/api/arlon/clusters/edge-imported/unregister?dryRun=true')
      .expect(200);
    expect(res.body).toMatchObject({
      external: true,
      cluster: 'edge-imported',
    });
  });
});
