import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { HungServer, Sandbox } from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import { arlonPlugin } from './plugin';

const run = promisify(execFile);
const EXAMPLE = path.resolve(__dirname, '../../../examples/fleet');
const HUGE_NAME = 'a'.repeat(250 * 1024);
const MB = 1024 * 1024;

const allowAll = mockServices.permissions.mock({
  authorize: async reqs =>
    reqs.map(() => ({ result: AuthorizeResult.ALLOW })) as any,
  authorizeConditional: async reqs =>
    reqs.map(() => ({ result: AuthorizeResult.ALLOW })) as any,
}).factory;

/** "Billion laughs": a few hundred bytes that would expand to 9^9 strings. */
function aliasBomb(prefix = ''): string {
  let text = `${prefix}a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n`;
  let previous = 'a';
  for (const level of 'bcdefghi') {
    text += `${level}: &${level} [${Array(9)
      .fill(`*${previous}`)
      .join(',')}]\n`;
    previous = level;
  }
  return text;
}

/** Loose bound: the point is that a request ends, not how fast. */
const timed = async <T>(work: PromiseLike<T>) => {
  const started = Date.now();
  const value = await work;
  return { value, ms: Date.now() - started };
};

const report = (title: string, note = '') => ({
  title,
  left: { kind: 'bundle', name: 'guestbook' },
  right: { kind: 'cluster', name: 'dev-local' },
  createdAt: '2026-12-02T10:00:00.000Z',
  summary: { create: 0, update: 0, delete: 0, unchanged: 0 },
  sections: [
    {
      title,
      cluster: 'dev-local',
      method: 'client-side',
      notes: note ? [note] : [],
      summary: { create: 0, update: 0, delete: 0, unchanged: 0 },
      objects: [],
    },
  ],
});

describe('limits over the REST API, against the sandbox', () => {
  let sandbox: Sandbox;
  let server: any;
  const head = async () =>
    (await run('git', ['ls-remote', sandbox.fleetRepoUrl, 'refs/heads/main']))
      .stdout;

  beforeAll(async () => {
    sandbox = await Sandbox.start({ fleetSeedDir: EXAMPLE });
    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        allowAll,
        mockServices.rootConfig.factory({
          data: {
            arlon: {
              ...sandbox.arlonConfig(),
              limits: {
                diffMaxClusters: 2,
                reportMaxMegabytes: 1,
                reportsPerUser: 2,
              },
            },
          },
        }),
      ],
    }));
  });
  afterAll(() => sandbox.stop());

  const reports = async () =>
    (await request(server).get('/api/arlon/diff/reports').expect(200)).body
      .items;
  const clearReports = async () => {
    for (const r of await reports())
      await request(server)
        .delete(`/api/arlon/diff/reports/${r.id}`)
        .expect(204);
  };
  afterEach(clearReports);

  it('refuses a diff against every cluster when the fleet has more clusters than one diff may read, with a 400 naming the field and the setting', async () => {
    const { value: res, ms } = await timed(
      request(server)
        .post('/api/arlon/diff')
        .send({
          left: { kind: 'bundle', name: 'guestbook' },
          right: { kind: 'allClusters' },
        }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'right: comparing bundle guestbook with every cluster would read 4 clusters, more than the 2 one comparison may read (arlon.limits.diffMaxClusters). Compare it with one cluster at a time, or ask an administrator to raise the limit.',
    );
    expect(ms).toBeLessThan(10_000);
  });

  it('answers a 250 KB definition name with a 400 at once, and commits nothing', async () => {
    const before = await head();
    const { value: res, ms } = await timed(
      request(server)
        .post('/api/arlon/bundles')
        .set('Content-Type', 'application/yaml')
        .send(
          `apiVersion: core.arlon.io/v1\nkind: Bundle\nmetadata:\n  name: ${HUGE_NAME}\nspec:\n  source:\n    inline: {}\n`,
        ),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('metadata.name');
    expect(res.body.error.message.length).toBeLessThan(2_000);
    expect(ms).toBeLessThan(10_000);
    expect(await head()).toBe(before);
  });

  it('answers a cluster that names a 250 KB profile with a 400 at the field, without suggestions over the huge name, and commits nothing', async () => {
    const before = await head();
    const { value: res, ms } = await timed(
      request(server)
        .post('/api/arlon/clusters')
        .set('Content-Type', 'application/yaml')
        .send(
          `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: qa-9\nspec:\n  clusterSpec: docker-dev\n  profiles: [${HUGE_NAME}]\n`,
        ),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('spec.profiles');
    expect(JSON.stringify(res.body)).not.toContain('Did you mean');
    expect(ms).toBeLessThan(10_000);
    expect(await head()).toBe(before);
  });

  it('refuses a YAML alias bomb in a definition body with a 400 naming the problem, and commits nothing', async () => {
    const before = await head();
    const { value: res, ms } = await timed(
      request(server)
        .post('/api/arlon/bundles')
        .set('Content-Type', 'application/yaml')
        .send(
          aliasBomb(
            'apiVersion: core.arlon.io/v1\nkind: Bundle\nmetadata:\n  name: bomb\n',
          ),
        ),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'the body: YAML aliases expand too far (more than 100 expansions in one document; an alias bomb such as "billion laughs" looks like this). Write the repeated values out, or use fewer anchors (&) and aliases (*).',
    );
    expect(ms).toBeLessThan(10_000);
    expect(await head()).toBe(before);
    // The next request is served as usual.
    await request(server).get('/api/arlon/bundles').expect(200);
  });

  it('refuses an alias bomb hidden in an imported report (a Secret line of its diff) with a 400, and saves nothing', async () => {
    const bomb = report('bomb') as any;
    bomb.sections[0].objects.push({
      key: '/Secret/apps/db',
      group: '',
      kind: 'Secret',
      namespace: 'apps',
      name: 'db',
      action: 'create',
      changes: [],
      unified: `+data:\n+  ${aliasBomb()
        .trim()
        .split('\n')
        .map(l => `{${l}}`)
        .join(' ')}\n`,
    });
    const { value: res, ms } = await timed(
      request(server)
        .post('/api/arlon/diff/reports/import')
        .send({ apiVersion: 'arlon.io/v1', kind: 'DiffReport', ...bomb }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('(Secret apps/db)');
    expect(ms).toBeLessThan(10_000);
    expect(await reports()).toEqual([]);
  });

  it('refuses a report over the size limit with a 413 that says what to do, before parsing it, and saves nothing', async () => {
    const res = await request(server)
      .post('/api/arlon/diff/reports')
      .send(report('huge', 'x'.repeat(1.5 * MB)));
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(
      'The diff report is larger than 1 MB, the most one report may be. Save a narrower comparison (one bundle, or fewer clusters), or ask an administrator to raise arlon.limits.reportMaxMegabytes.',
    );
    expect(await reports()).toEqual([]);
  });

  it('refuses an imported file over the size limit the same way', async () => {
    const res = await request(server)
      .post('/api/arlon/diff/reports/import')
      .send({
        apiVersion: 'arlon.io/v1',
        kind: 'DiffReport',
        ...report('huge', 'x'.repeat(1.5 * MB)),
      });
    expect(res.status).toBe(413);
    expect(res.body.error.message).toContain('arlon.limits.reportMaxMegabytes');
    expect(await reports()).toEqual([]);
  });

  it("refuses a save past the user's quota with a 429 that says to delete old reports; deleting one makes room", async () => {
    await request(server)
      .post('/api/arlon/diff/reports')
      .send(report('one'))
      .expect(201);
    const two = await request(server)
      .post('/api/arlon/diff/reports')
      .send(report('two'))
      .expect(201);

    const refused = await request(server)
      .post('/api/arlon/diff/reports')
      .send(report('three'));
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toContain(
      'You have reached your quota of saved diff reports (2 of 2 reports). Delete reports you no longer need',
    );
    expect((await reports()).map((r: any) => r.title).sort()).toEqual([
      'one',
      'two',
    ]);

    await request(server)
      .delete(`/api/arlon/diff/reports/${two.body.id}`)
      .expect(204);
    await request(server)
      .post('/api/arlon/diff/reports')
      .send(report('three'))
      .expect(201);
  });
});

describe('a hung Git server and a hung Kubernetes API server over the REST API', () => {
  let git: HungServer;
  let kube: HungServer;
  let server: any;

  beforeAll(async () => {
    git = await HungServer.start();
    kube = await HungServer.start();
    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        allowAll,
        mockServices.rootConfig.factory({
          data: {
            arlon: {
              fleetRepo: { url: `${git.url}/fleet.git` },
              managementClusters: [
                {
                  name: 'hung',
                  url: `https://127.0.0.1:${kube.port}`,
                  serviceAccountToken: 't',
                  skipTLSVerify: true,
                },
              ],
              limits: { gitTimeoutSeconds: 0.5, kubernetesTimeoutSeconds: 0.5 },
            },
          },
        }),
      ],
    }));
  });
  afterAll(async () => {
    await git.stop();
    await kube.stop();
  });

  it('answers a read with a 503 that says what to check, instead of hanging', async () => {
    const { value: res, ms } = await timed(
      request(server).get('/api/arlon/bundles'),
    );
    expect(res.status).toBe(503);
    expect(res.body.error.message).toBe(
      `The fleet repository at ${git.url}/fleet.git did not answer within 0.5 s (git fetch); nothing was changed. Check that the Git server is up and reachable from the Backstage backend; arlon.limits.gitTimeoutSeconds sets the limit.`,
    );
    expect(ms).toBeLessThan(10_000);
  });

  it('answers a write with a 503 too, and the next read is not stuck behind it', async () => {
    const write = await timed(
      request(server)
        .post('/api/arlon/bundles')
        .set('Content-Type', 'application/yaml')
        .send(
          'apiVersion: core.arlon.io/v1\nkind: Bundle\nmetadata:\n  name: web\nspec:\n  source:\n    inline: {}\n',
        ),
    );
    expect(write.value.status).toBe(503);
    expect(write.ms).toBeLessThan(10_000);
    const read = await timed(request(server).get('/api/arlon/clusters'));
    expect(read.value.status).toBe(503);
    expect(read.ms).toBeLessThan(10_000);
  });

  it('verifies a hung management cluster within the deadline and says it did not answer', async () => {
    const { value: res, ms } = await timed(
      request(server).get('/api/arlon/verify'),
    );
    expect(res.status).toBe(200);
    expect(res.body.managementClusters[0].checks[0]).toMatchObject({
      name: 'API server',
      ok: false,
      detail: `management cluster "hung" at https://127.0.0.1:${kube.port} did not answer in time (the request was aborted)`,
    });
    expect(ms).toBeLessThan(10_000);
  });
});
