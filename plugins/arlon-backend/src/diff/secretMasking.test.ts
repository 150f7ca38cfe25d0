import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import {
  Sandbox,
  eventually,
  kubeConfigFor,
} from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import { arlonPlugin } from '../plugin';

const run = promisify(execFile);
const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

/** Every value a Secret holds in this test: in Git, and on each cluster. */
const VALUES = {
  git: 'git-s3cret-value',
  gitToken: 'git-token-value',
  qa1: 'qa1-live-password',
  qa1Token: 'qa1-live-token',
  qa2Token: 'qa2-live-token',
};
/** What must never be in a response: each value, plain and base64. */
const FORBIDDEN = Object.values(VALUES).flatMap(v => [
  v,
  Buffer.from(v).toString('base64'),
]);

const secret = (name: string, key: string, value: string) =>
  `apiVersion: v1\nkind: Secret\nmetadata:\n  name: ${name}\n  namespace: web\nstringData:\n  ${key}: ${value}\n`;
const definition = (kind: string, name: string, spec: string) =>
  `apiVersion: core.arlon.io/v1\nkind: ${kind}\nmetadata:\n  name: ${name}\nspec:\n${spec}`;

/**
 * Secret values never reach a report, whatever path made it: Secrets applied
 * by the real kubectl (client-side, so each carries its values again in the
 * `kubectl.kubernetes.io/last-applied-configuration` annotation) to the
 * sandbox's workload clusters, then every comparison the portal runs
 * (pre-flight server- and client-side, every cluster, cluster against
 * cluster both ways, with updates, creates and deletes of Secrets), and
 * every way a report is kept (saved, listed, opened, exported, imported).
 */
describe('Secret values in every report path', () => {
  let sandbox: Sandbox;
  let server: any;
  let dir: string;

  /** A CAPI Cluster made by hand; resolves to a kubeconfig file for kubectl. */
  async function provision(name: string): Promise<string> {
    const kc = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    );
    const core = kc.makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name } } });
    await kc.makeApiClient(CustomObjectsApi).createNamespacedCustomObject({
      group: 'cluster.x-k8s.io',
      version: 'v1beta1',
      plural: 'clusters',
      namespace: name,
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta1',
        kind: 'Cluster',
        metadata: { name, namespace: name },
        spec: {},
      },
    });
    const kubeconfig = await eventually(
      () =>
        core.readNamespacedSecret({
          name: `${name}-kubeconfig`,
          namespace: name,
        }),
      `${name}'s kubeconfig`,
    );
    const file = path.join(dir, `${name}.kubeconfig`);
    await fs.writeFile(file, Buffer.from(kubeconfig.data!.value, 'base64'), {
      mode: 0o600,
    });
    return file;
  }

  /** `kubectl apply` (client-side) of a manifest to the cluster whose kubeconfig is given. */
  async function kubectlApply(kubeconfig: string, manifest: string) {
    const file = path.join(dir, `manifest-${Math.random()}.yaml`);
    await fs.writeFile(file, manifest);
    await run('kubectl', ['apply', '-f', file], {
      env: { ...process.env, KUBECONFIG: kubeconfig, HOME: dir },
    });
  }

  async function kubectlGet(kubeconfig: string, name: string) {
    const { stdout } = await run(
      'kubectl',
      ['get', 'secret', name, '-n', 'web', '-o', 'json'],
      { env: { ...process.env, KUBECONFIG: kubeconfig, HOME: dir } },
    );
    return JSON.parse(stdout);
  }

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'secret-masking-'));
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      provisioningDelayMs: 50,
    });
    await sandbox.pushToFleet(
      {
        'arlon/bundles/creds.yaml': definition(
          'Bundle',
          'creds',
          '  source:\n    inline: {}\n',
        ),
        'bundles/creds/secret.yaml': secret(
          'db-credentials',
          'password',
          VALUES.git,
        ),
        'arlon/bundles/token.yaml': definition(
          'Bundle',
          'token',
          '  source:\n    inline: {}\n',
        ),
        'bundles/token/secret.yaml': secret(
          'api-token',
          'token',
          VALUES.gitToken,
        ),
        'arlon/profiles/secrets.yaml': definition(
          'Profile',
          'secrets',
          '  bundles: [creds, token]\n',
        ),
        'arlon/clusters/qa-1.yaml': definition(
          'Cluster',
          'qa-1',
          '  clusterSpec: docker-dev\n  profiles: [secrets]\n',
        ),
        'arlon/clusters/qa-2.yaml': definition(
          'Cluster',
          'qa-2',
          '  clusterSpec: docker-dev\n  profiles: [secrets]\n',
        ),
      },
      'two Secret bundles and two QA clusters',
    );
    const qa1 = await provision('qa-1');
    const qa2 = await provision('qa-2');
    const namespace =
      'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: web\n';
    // qa-1 runs both, with values of its own; qa-2 only the token, with another value.
    await kubectlApply(
      qa1,
      `${namespace}---\n${secret(
        'db-credentials',
        'password',
        VALUES.qa1,
      )}---\n${secret('api-token', 'token', VALUES.qa1Token)}`,
    );
    await kubectlApply(
      qa2,
      `${namespace}---\n${secret('api-token', 'token', VALUES.qa2Token)}`,
    );
    // The premise: kubectl copied the values into the annotation.
    const live = await kubectlGet(qa1, 'db-credentials');
    if (
      !live.metadata.annotations[
        'kubectl.kubernetes.io/last-applied-configuration'
      ]?.includes(VALUES.qa1)
    )
      throw new Error('test premise: kubectl apply left no last-applied copy');

    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        mockServices.permissions.mock({
          authorize: async reqs =>
            reqs.map(() => ({ result: AuthorizeResult.ALLOW })) as any,
          authorizeConditional: async reqs =>
            reqs.map(() => ({ result: AuthorizeResult.ALLOW })) as any,
        }).factory,
        mockServices.rootConfig.factory({
          data: { arlon: sandbox.arlonConfig() },
        }),
      ],
    }));
  }, 60_000);
  afterAll(async () => {
    await sandbox?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** What a response shows of any Secret value (none, when masked). */
  const shown = (body: unknown) => {
    const text = JSON.stringify(body);
    return FORBIDDEN.filter(v => text.includes(v));
  };
  /** The Secrets a report compares, with what it says happens to each. */
  const secretsIn = (report: any) =>
    report.sections
      .flatMap((s: any) => s.objects)
      .filter((o: any) => o.kind === 'Secret')
      .map((o: any) => `${o.name} ${o.action}`)
      .sort();

  const compare = async (body: object) => {
    const res = await request(server)
      .post('/api/arlon/diff')
      .send(body)
      .expect(200);
    return res.body;
  };

  const paths: Array<[string, object, string[]]> = [
    [
      'a pre-flight by server-side dry-run',
      {
        left: { kind: 'cluster', name: 'qa-1' },
        right: { kind: 'profile', name: 'secrets' },
      },
      ['api-token update', 'db-credentials update'],
    ],
    [
      'a pre-flight compared client-side',
      {
        left: { kind: 'cluster', name: 'qa-1' },
        right: { kind: 'profile', name: 'secrets' },
        serverSide: false,
      },
      ['api-token update', 'db-credentials update'],
    ],
    [
      'a bundle against every cluster',
      {
        left: { kind: 'bundle', name: 'creds' },
        right: { kind: 'allClusters' },
      },
      ['db-credentials create', 'db-credentials update'],
    ],
    [
      'a cluster against a cluster that lacks one Secret (a delete)',
      {
        left: { kind: 'cluster', name: 'qa-1' },
        right: { kind: 'cluster', name: 'qa-2' },
      },
      ['api-token update', 'db-credentials delete'],
    ],
    [
      'a cluster against a cluster that has one more Secret (a create)',
      {
        left: { kind: 'cluster', name: 'qa-2' },
        right: { kind: 'cluster', name: 'qa-1' },
      },
      ['api-token update', 'db-credentials create'],
    ],
  ];

  it.each(paths)(
    'shows no Secret value in %s, nor once it is saved, exported and imported',
    async (_, body, secrets) => {
      const report = await compare(body);
      expect(secretsIn(report)).toEqual(secrets);
      expect(shown(report)).toEqual([]);

      const saved = await request(server)
        .post('/api/arlon/diff/reports')
        .send(report)
        .expect(201);
      expect(shown(saved.body)).toEqual([]);
      const opened = await request(server)
        .get(`/api/arlon/diff/reports/${saved.body.id}`)
        .expect(200);
      expect(secretsIn(opened.body)).toEqual(secrets);
      expect(shown(opened.body)).toEqual([]);
      const list = await request(server)
        .get('/api/arlon/diff/reports')
        .expect(200);
      expect(shown(list.body)).toEqual([]);
      const exported = await request(server)
        .get(`/api/arlon/diff/reports/${saved.body.id}/export`)
        .expect(200);
      expect(secretsIn(exported.body)).toEqual(secrets);
      expect(shown(exported.body)).toEqual([]);
      const imported = await request(server)
        .post('/api/arlon/diff/reports/import')
        .send(exported.body)
        .expect(201);
      const reopened = await request(server)
        .get(`/api/arlon/diff/reports/${imported.body.id}`)
        .expect(200);
      expect(secretsIn(reopened.body)).toEqual(secrets);
      expect(shown(reopened.body)).toEqual([]);
    },
  );

  it('refuses to import or save a report whose Secret shows the last-applied annotation, and stores nothing', async () => {
    const report = await compare({
      left: { kind: 'cluster', name: 'qa-1' },
      right: { kind: 'cluster', name: 'qa-2' },
    });
    const before = await request(server)
      .get('/api/arlon/diff/reports')
      .expect(200);
    // What a report made without masking would hold: the live object, annotation and all.
    const live = await kubectlGet(
      path.join(dir, 'qa-1.kubeconfig'),
      'db-credentials',
    );
    const leaky = structuredClone(report);
    const deleted = leaky.sections[0].objects.find(
      (o: any) => o.name === 'db-credentials',
    );
    deleted.changes = [
      {
        path: 'metadata.annotations',
        kind: 'removed',
        from: live.metadata.annotations,
      },
    ];
    for (const route of [
      '/api/arlon/diff/reports',
      '/api/arlon/diff/reports/import',
    ]) {
      const res = await request(server)
        .post(route)
        .send({ apiVersion: 'arlon.io/v1', kind: 'DiffReport', ...leaky })
        .expect(400);
      expect(res.body.error.message).toContain(
        '(Secret web/db-credentials): change metadata.annotations.kubectl.kubernetes.io/last-applied-configuration is not masked',
      );
      // The refusal names where, never what.
      expect(shown(res.body)).toEqual([]);
    }
    const after = await request(server)
      .get('/api/arlon/diff/reports')
      .expect(200);
    expect(after.body.items.length).toBe(before.body.items.length);
  });
});
