import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ConfigReader } from '@backstage/config';
import { ScmIntegrations } from '@backstage/integration';
import {
  GitHttpServer,
  createFleetRepository,
} from '@arlon-backstage/arlon-sandbox';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { FleetRepository } from './FleetRepository';
import { pullRequestOpener } from './pullRequests';

const run = promisify(execFile);
// GitHub's, GitLab's and Gitea's REST APIs cannot run here: msw stands in for them (Git itself is real).
const api = setupServer();
const integrationsOf = (integrations: object) =>
  ScmIntegrations.fromConfig(new ConfigReader({ integrations }));
const input = {
  repoUrl: '',
  head: 'arlon/change-1',
  base: 'main',
  title: 'Create Cluster qa-1',
  body: 'Requested by user:default/jane',
};

describe('pull requests', () => {
  beforeAll(() => api.listen({ onUnhandledRequest: 'bypass' }));
  afterEach(() => api.resetHandlers());
  afterAll(() => api.close());

  it('opens a GitHub pull request with the integration token', async () => {
    let seen: any;
    api.use(
      http.post(
        'https://api.github.com/repos/acme/fleet/pulls',
        async ({ request }) => {
          seen = {
            auth: request.headers.get('authorization'),
            body: await request.json(),
          };
          return HttpResponse.json(
            { number: 7, html_url: 'https://github.com/acme/fleet/pull/7' },
            { status: 201 },
          );
        },
      ),
    );
    const url = 'https://github.com/acme/fleet.git';
    const pr = await pullRequestOpener(
      integrationsOf({ github: [{ host: 'github.com', token: 'ghp_x' }] }),
      url,
    )({ ...input, repoUrl: url });
    expect(pr).toEqual({
      number: 7,
      url: 'https://github.com/acme/fleet/pull/7',
    });
    expect(seen).toEqual({
      auth: 'Bearer ghp_x',
      body: {
        title: input.title,
        body: input.body,
        head: input.head,
        base: 'main',
      },
    });
  });

  it('opens a GitLab merge request', async () => {
    let body: any;
    api.use(
      http.post(
        'https://gitlab.example.com/api/v4/projects/platform%2Fteam%2Ffleet/merge_requests',
        async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({
            iid: 3,
            web_url:
              'https://gitlab.example.com/platform/team/fleet/-/merge_requests/3',
          });
        },
      ),
    );
    const url = 'https://gitlab.example.com/platform/team/fleet.git';
    const pr = await pullRequestOpener(
      integrationsOf({
        gitlab: [
          {
            host: 'gitlab.example.com',
            token: 'glpat',
            apiBaseUrl: 'https://gitlab.example.com/api/v4',
          },
        ],
      }),
      url,
    )({ ...input, repoUrl: url });
    expect(pr.number).toBe(3);
    expect(body).toEqual({
      source_branch: input.head,
      target_branch: 'main',
      title: input.title,
      description: input.body,
    });
  });

  it('says what the host answered when it refuses', async () => {
    api.use(
      http.post('https://api.github.com/repos/acme/fleet/pulls', () =>
        HttpResponse.json({ message: 'Validation Failed' }, { status: 422 }),
      ),
    );
    const url = 'https://github.com/acme/fleet.git';
    await expect(
      pullRequestOpener(
        integrationsOf({ github: [{ host: 'github.com', token: 't' }] }),
        url,
      )({ ...input, repoUrl: url }),
    ).rejects.toThrow(
      'Opening the pull request failed: 422 Unprocessable Entity from api.github.com: {"message":"Validation Failed"}',
    );
  });

  it('refuses pull request mode for a plain Git host, saying what to configure', () => {
    expect(() =>
      pullRequestOpener(
        integrationsOf({}),
        'https://git.example.com/fleet.git',
      ),
    ).toThrow(
      'arlon.fleetRepo.writeMode is pullRequest, but git.example.com has no GitHub, GitLab or Gitea integration',
    );
  });

  describe('through FleetRepository, against a real Git server (Gitea API by msw)', () => {
    let root: string;
    let git: GitHttpServer;
    let workDir: string;

    beforeEach(async () => {
      root = await fs.mkdtemp(path.join(os.tmpdir(), 'git-'));
      const seed = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-'));
      await fs.writeFile(path.join(seed, 'README.md'), 'fleet\n');
      await fs.mkdir(path.join(root, 'acme'));
      await createFleetRepository({
        projectRoot: path.join(root, 'acme'),
        name: 'fleet',
        branch: 'main',
        seedDir: seed,
      });
      git = await GitHttpServer.start({
        projectRoot: root,
        credentials: { username: 'bot', password: 'pw' },
      });
      workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'checkout-'));
    });
    afterEach(async () => {
      await git.stop();
      await fs.rm(root, { recursive: true, force: true });
      await fs.rm(workDir, { recursive: true, force: true });
    });

    it('pushes the change to a new branch, opens a pull request, and leaves the base branch alone', async () => {
      const url = `${git.url}/acme/fleet.git`;
      let request: any;
      api.use(
        http.post(
          `${git.url}/api/v1/repos/acme/fleet/pulls`,
          async ({ request: r }) => {
            request = {
              auth: r.headers.get('authorization'),
              body: await r.json(),
            };
            return HttpResponse.json(
              { number: 12, html_url: `${git.url}/acme/fleet/pulls/12` },
              { status: 201 },
            );
          },
        ),
      );
      const integrations = integrationsOf({
        gitea: [
          {
            host: new URL(git.url).host,
            baseUrl: git.url,
            username: 'bot',
            password: 'pw',
          },
        ],
      });
      const repo = new FleetRepository(
        { url, branch: 'main', writeMode: 'pullRequest' },
        async () => ({ username: 'bot', password: 'pw' }),
        workDir,
        pullRequestOpener(integrations, url),
      );
      const bare = path.join(root, 'acme', 'fleet.git');
      const before = (
        await run('git', ['-C', bare, 'rev-parse', 'main'])
      ).stdout.trim();

      const result = await repo.change({
        message: 'Create Cluster qa-1\n\nRequested by user:default/jane',
        author: { name: 'jane', email: 'j@x' },
        plan: () => ({ 'arlon/clusters/qa-1.yaml': 'kind: Cluster\n' }),
      });

      expect(result.pullRequest).toMatchObject({
        number: 12,
        branch: expect.stringMatching(/^arlon\/create-cluster-qa-1-/),
      });
      expect(request.body).toEqual({
        head: result.pullRequest!.branch,
        base: 'main',
        title: 'Create Cluster qa-1',
        body: 'Requested by user:default/jane',
      });
      expect(request.auth).toBe(
        `Basic ${Buffer.from('bot:pw').toString('base64')}`,
      );
      expect(
        (await run('git', ['-C', bare, 'rev-parse', 'main'])).stdout.trim(),
      ).toBe(before);
      expect(
        (
          await run('git', [
            '-C',
            bare,
            'show',
            `${result.pullRequest!.branch}:arlon/clusters/qa-1.yaml`,
          ])
        ).stdout,
      ).toBe('kind: Cluster\n');
    });

    const giteaRepository = (dir: string) => {
      const url = `${git.url}/acme/fleet.git`;
      const integrations = integrationsOf({
        gitea: [
          {
            host: new URL(git.url).host,
            baseUrl: git.url,
            username: 'bot',
            password: 'pw',
          },
        ],
      });
      return new FleetRepository(
        { url, branch: 'main', writeMode: 'pullRequest' },
        async () => ({ username: 'bot', password: 'pw' }),
        dir,
        pullRequestOpener(integrations, url),
      );
    };
    const branches = async () =>
      (
        await run('git', [
          '-C',
          path.join(root, 'acme', 'fleet.git'),
          'for-each-ref',
          '--format=%(refname:short)',
          'refs/heads',
        ])
      ).stdout
        .split('\n')
        .filter(Boolean)
        .sort();

    it('deletes the branch it pushed when the host refuses the pull request, and says why', async () => {
      api.use(
        http.post(`${git.url}/api/v1/repos/acme/fleet/pulls`, () =>
          HttpResponse.json(
            { message: 'user does not have permission' },
            { status: 403 },
          ),
        ),
      );
      await expect(
        giteaRepository(workDir).change({
          message: 'Create Cluster qa-2',
          author: { name: 'jane', email: 'j@x' },
          plan: () => ({ 'arlon/clusters/qa-2.yaml': 'kind: Cluster\n' }),
        }),
      ).rejects.toThrow(/403/);
      expect(await branches()).toEqual(['main']);
    });

    it('gives two writes in the same millisecond (two replicas) two branches and two pull requests', async () => {
      const heads: string[] = [];
      api.use(
        http.post(
          `${git.url}/api/v1/repos/acme/fleet/pulls`,
          async ({ request: r }) => {
            heads.push(((await r.json()) as any).head);
            return HttpResponse.json(
              {
                number: heads.length,
                html_url: `${git.url}/pulls/${heads.length}`,
              },
              { status: 201 },
            );
          },
        ),
      );
      const now = jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
      try {
        const second = await fs.mkdtemp(path.join(os.tmpdir(), 'checkout-'));
        const write = (dir: string) =>
          giteaRepository(dir).change({
            message: 'Create Cluster qa-3',
            author: { name: 'jane', email: 'j@x' },
            plan: () => ({ 'arlon/clusters/qa-3.yaml': 'kind: Cluster\n' }),
          });
        const [a, b] = await Promise.all([write(workDir), write(second)]);
        await fs.rm(second, { recursive: true, force: true });
        expect(a.pullRequest!.branch).not.toBe(b.pullRequest!.branch);
        expect(new Set(heads).size).toBe(2);
        expect(await branches()).toEqual(
          [a.pullRequest!.branch, b.pullRequest!.branch, 'main'].sort(),
        );
      } finally {
        now.mockRestore();
      }
    });
  });
});
