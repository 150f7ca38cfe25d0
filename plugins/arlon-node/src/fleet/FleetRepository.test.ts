import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ConfigReader } from '@backstage/config';
import { ScmIntegrations } from '@backstage/integration';
import {
  GitHttpServer,
  Sandbox,
  createFleetRepository,
} from '@arlon-backstage/arlon-sandbox';
import { FleetRepository } from './FleetRepository';
import {
  GitCredentials,
  gitCredentialsFromIntegrations,
} from './gitCredentials';

const run = promisify(execFile);
const anonymous = async (_url: string): Promise<GitCredentials | undefined> =>
  undefined;

describe('FleetRepository.probe', () => {
  let sandbox: Sandbox;
  let seed: string;

  beforeAll(async () => {
    seed = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-'));
    await fs.writeFile(path.join(seed, 'README.md'), 'fleet\n');
    sandbox = await Sandbox.start({ token: 't', fleetSeedDir: seed });
  });
  afterAll(async () => {
    await sandbox.stop();
    await fs.rm(seed, { recursive: true, force: true });
  });

  const repo = (url: string, branch = 'main', credentials = anonymous) =>
    new FleetRepository({ url, branch, writeMode: 'commit' }, credentials);

  it('says honestly when no fleet repository is configured', async () => {
    expect(await new FleetRepository(undefined, anonymous).probe()).toEqual({
      status: 'notConfigured',
    });
  });

  it('reports the commit the branch points at', async () => {
    const health = await repo(sandbox.fleetRepoUrl).probe();
    const { stdout } = await run('git', [
      'ls-remote',
      sandbox.fleetRepoUrl,
      'refs/heads/main',
    ]);
    expect(health).toMatchObject({
      status: 'reachable',
      url: sandbox.fleetRepoUrl,
      branch: 'main',
      headCommit: stdout.split('\t')[0],
    });
  });

  it('names a missing branch and how to fix it', async () => {
    const health = await repo(sandbox.fleetRepoUrl, 'production').probe();
    expect(health.status).toBe('unreachable');
    expect(health.problem).toEqual({
      message: `the fleet repository at ${sandbox.fleetRepoUrl} has no branch "production"`,
      hint: 'Push the branch, or set arlon.fleetRepo.branch to an existing one.',
    });
  });

  it('reports a repository that does not exist', async () => {
    const url = `${sandbox.gitServer.url}/nope.git`;
    const health = await repo(url).probe();
    expect(health.problem?.message).toBe(
      `the fleet repository at ${url} was not found (HTTP 404)`,
    );
  });

  describe('behind authentication', () => {
    let root: string;
    let server: GitHttpServer;
    let url: string;

    beforeAll(async () => {
      root = await fs.mkdtemp(path.join(os.tmpdir(), 'git-'));
      await createFleetRepository({
        projectRoot: root,
        name: 'fleet',
        branch: 'main',
        seedDir: seed,
      });
      server = await GitHttpServer.start({
        projectRoot: root,
        credentials: { username: 'fleet-bot', password: 'hunter2' },
      });
      url = `${server.url}/fleet.git`;
    });
    afterAll(async () => {
      await server.stop();
      await fs.rm(root, { recursive: true, force: true });
    });

    it('explains a 401 and where credentials go', async () => {
      const health = await repo(url).probe();
      expect(health.status).toBe('unreachable');
      expect(health.problem).toEqual({
        message: `the fleet repository at ${url} refused the credentials (HTTP 401)`,
        hint: `Add credentials for ${
          new URL(url).host
        } under integrations (a token with read access).`,
      });
    });

    it('uses the credentials of the matching Gitea integration', async () => {
      const integrations = ScmIntegrations.fromConfig(
        new ConfigReader({
          integrations: {
            gitea: [
              {
                host: new URL(url).host,
                baseUrl: server.url,
                username: 'fleet-bot',
                password: 'hunter2',
              },
            ],
          },
        }),
      );
      const health = await repo(
        url,
        'main',
        gitCredentialsFromIntegrations(integrations),
      ).probe();
      expect(health.status).toBe('reachable');
      expect(JSON.stringify(health)).not.toContain('hunter2');
    });
  });
});
