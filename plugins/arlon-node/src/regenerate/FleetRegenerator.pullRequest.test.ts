import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigReader } from '@backstage/config';
import { ScmIntegrations } from '@backstage/integration';
import {
  GitHttpServer,
  createFleetRepository,
} from '@arlon-backstage/arlon-sandbox';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { FleetDefinitions } from '../fleet/FleetDefinitions';
import { FleetRepository } from '../fleet/FleetRepository';
import { pullRequestOpener } from '../fleet/pullRequests';
import { FleetRegenerator, regenerateBranch } from './FleetRegenerator';
import {
  gitLog,
  mergeBranch,
  pushByHand,
  recordingLogger,
} from './__testUtils__/gitLog';

const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');
// GitHub's REST API cannot run here: msw stands in for it (Git itself is real).
const api = setupServer();

describe('FleetRegenerator with regenerate: pullRequest', () => {
  let root: string;
  let git: GitHttpServer;
  let url: string;
  const dirs: string[] = [];
  /** The pull requests GitHub was asked to open. */
  let opened: any[];

  beforeAll(() => api.listen({ onUnhandledRequest: 'bypass' }));
  afterAll(() => api.close());

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'git-'));
    await fs.mkdir(path.join(root, 'acme'));
    await createFleetRepository({
      projectRoot: path.join(root, 'acme'),
      name: 'fleet',
      branch: 'main',
      seedDir: EXAMPLE,
    });
    git = await GitHttpServer.start({ projectRoot: root });
    url = `${git.url}/acme/fleet.git`;
    opened = [];
    api.use(
      http.post(
        `${git.url}/api/v3/repos/acme/fleet/pulls`,
        async ({ request }) => {
          opened.push({
            auth: request.headers.get('authorization'),
            body: await request.json(),
          });
          return HttpResponse.json(
            {
              number: opened.length,
              html_url: `${git.url}/acme/fleet/pull/${opened.length}`,
            },
            { status: 201 },
          );
        },
      ),
    );
  });
  afterEach(async () => {
    api.resetHandlers();
    await git.stop();
    await fs.rm(root, { recursive: true, force: true });
    await Promise.all(
      dirs.splice(0).map(d => fs.rm(d, { recursive: true, force: true })),
    );
  });

  /** A portal process that commits its own writes but proposes regenerations. */
  const portal = async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'regenerate-'));
    dirs.push(dir);
    const integrations = ScmIntegrations.fromConfig(
      new ConfigReader({
        integrations: {
          github: [
            {
              host: new URL(git.url).host,
              apiBaseUrl: `${git.url}/api/v3`,
              token: 'ghp_fleet',
            },
          ],
        },
      }),
    );
    const repository = new FleetRepository(
      {
        url,
        branch: 'main',
        writeMode: 'commit',
        regenerate: 'pullRequest',
      },
      async () => undefined,
      dir,
      pullRequestOpener(integrations, url),
    );
    return new FleetRegenerator({
      repository,
      definitions: new FleetDefinitions(repository),
      logger: recordingLogger(),
    });
  };

  it('opens one regenerate pull request per head, not another on a second look or after a restart; once merged, nothing more', async () => {
    const cluster = (await fs.readFile(
      path.join(EXAMPLE, 'arlon/clusters/dev-local.yaml'),
      'utf8',
    )) as string;
    // The example's tree names another URL than this server's, and a hand push changes a value.
    await pushByHand(
      url,
      {
        'arlon/clusters/dev-local.yaml': cluster.replace(
          'replicaCount: 1',
          'replicaCount: 3',
        ),
      },
      'dev-local: three guestbook replicas (by hand)',
    );
    const [handPush] = await gitLog(url);
    const branch = regenerateBranch(handPush.commit);
    const regenerator = await portal();

    const outcome = await regenerator.regenerateIfStale(handPush.commit);
    expect(outcome).toEqual({
      status: 'proposed',
      head: handPush.commit,
      branch,
      pullRequest: { number: 1, url: `${git.url}/acme/fleet/pull/1` },
    });
    expect(opened).toEqual([
      {
        auth: 'Bearer ghp_fleet',
        body: {
          head: branch,
          base: 'main',
          title: `Regenerate generated/ for ${handPush.commit.slice(0, 12)}`,
          body: expect.stringContaining(
            `The definitions at ${handPush.commit} are valid`,
          ),
        },
      },
    ]);
    // The base branch is untouched; the branch holds one commit on the head.
    expect((await gitLog(url))[0].commit).toBe(handPush.commit);
    const proposed = await gitLog(url, branch);
    expect(proposed[1].commit).toBe(handPush.commit);
    expect(proposed[0].author).toBe('Arlon for Backstage');

    // A second look at the same head, and a restarted portal's look: no second pull request.
    expect(await regenerator.regenerateIfStale(handPush.commit)).toEqual({
      status: 'seen',
      head: handPush.commit,
    });
    expect(await (await portal()).regenerateIfStale()).toEqual({
      status: 'alreadyProposed',
      head: handPush.commit,
      branch,
    });
    expect(opened).toHaveLength(1);

    // Merged: the new head's tree matches, so nothing more is proposed.
    await mergeBranch(url, branch);
    const [merged] = await gitLog(url);
    expect(merged.commit).toBe(proposed[0].commit);
    expect(await regenerator.regenerateIfStale(merged.commit)).toEqual({
      status: 'current',
      head: merged.commit,
    });
    expect(opened).toHaveLength(1);
  });

  it('a failed pull request is reported and tried again only after the retry delay', async () => {
    api.use(
      http.post(`${git.url}/api/v3/repos/acme/fleet/pulls`, () =>
        HttpResponse.json({ message: 'Bad credentials' }, { status: 401 }),
      ),
    );
    const regenerator = await portal();
    const [seed] = await gitLog(url);
    const outcome = await regenerator.regenerateIfStale(seed.commit);
    expect(outcome).toMatchObject({
      status: 'failed',
      head: seed.commit,
      message: expect.stringContaining('401'),
    });
    expect(outcome).not.toMatchObject({
      message: expect.stringContaining('ghp_fleet'),
    });
    // Within the delay, the same head is not tried again.
    expect(await regenerator.regenerateIfStale(seed.commit)).toEqual({
      status: 'seen',
      head: seed.commit,
    });
  });
});
