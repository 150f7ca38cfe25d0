import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type {
  SchedulerService,
  ServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { generatedDrift } from '@arlon-backstage/plugin-arlon-common';
import { Sandbox, eventually } from '@arlon-backstage/arlon-sandbox';
import { arlonPlugin } from '../plugin';

const run = promisify(execFile);
const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

/** The branch's commits, newest first, with their author and subject, and the files at the head. */
async function history(url: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'history-'));
  try {
    await run('git', ['clone', '-q', url, dir]);
    const { stdout } = await run('git', [
      '-C',
      dir,
      'log',
      '--format=%H%x1f%an%x1f%s',
    ]);
    const commits = stdout
      .trim()
      .split('\n')
      .map(line => {
        const [commit, author, subject] = line.split('\x1f');
        return { commit, author, subject };
      });
    const { stdout: listed } = await run('git', ['-C', dir, 'ls-files']);
    const files: Record<string, string> = {};
    for (const file of listed.trim().split('\n'))
      files[file] = await fs.readFile(path.join(dir, file), 'utf8');
    return { commits, files };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const compileOptions = (sandbox: Sandbox) => ({
  repoUrl: sandbox.fleetRepoUrl,
  revision: sandbox.fleetBranch,
  // The sandbox serves Cluster API v1beta2 (upstream CRDs): the portal renders it.
  capiVersion: 'v1beta2' as const,
});

/**
 * The portal keeps generated/ following the definitions, whatever wrote
 * them: a hand push to the sandbox's Git repository is followed by one
 * regenerate commit from the backend's global task, driven by the fleet
 * change signal; an invalid push is left alone.
 */
describe('generated/ follows hand pushes (the arlon backend, the sandbox)', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      argocdResyncMs: 60_000,
    });
    const scheduler = mockServices.scheduler() as SchedulerService & {
      factory(options: { skipTaskRunOnStartup: boolean }): ServiceFactory;
    };
    await startTestBackend({
      features: [
        arlonPlugin,
        scheduler.factory({ skipTaskRunOnStartup: true }),
        mockServices.rootConfig.factory({
          data: {
            arlon: {
              fleetRepo: {
                url: sandbox.fleetRepoUrl,
                branch: sandbox.fleetBranch,
                pollSeconds: 0.2,
              },
              managementClusters: [],
            },
          },
        }),
      ],
    });
    // The task holds its global lease while it runs: started by hand, as the scheduler would.
    void scheduler.triggerTask('arlon-regenerate');
  });
  afterAll(() => sandbox.stop());

  it('regenerates at start (the example names another URL), then after a hand push, each as one commit, and then stays quiet', async () => {
    // At start: the seed's tree names the sandbox's usual URL, not this one's.
    const started = await eventually(async () => {
      const h = await history(sandbox.fleetRepoUrl);
      return h.commits[0].author === 'Arlon for Backstage' && h;
    }, 'the first regenerate commit');
    expect(started.commits).toHaveLength(2);

    const cluster = started.files['arlon/clusters/dev-local.yaml'];
    await sandbox.pushToFleet(
      {
        'arlon/clusters/dev-local.yaml': cluster.replace(
          'replicaCount: 1',
          'replicaCount: 3',
        ),
      },
      'dev-local: three guestbook replicas (by hand)',
    );
    const followed = await eventually(async () => {
      const h = await history(sandbox.fleetRepoUrl);
      return h.commits[0].author === 'Arlon for Backstage' &&
        h.commits.length === 4
        ? h
        : undefined;
    }, 'the regenerate commit after the hand push');
    const [regenerated, handPush] = followed.commits;
    expect(handPush.subject).toBe(
      'dev-local: three guestbook replicas (by hand)',
    );
    expect(regenerated.subject).toBe(
      `Regenerate generated/ for ${handPush.commit.slice(0, 12)}`,
    );
    expect(
      followed.files['generated/values/dev-local/guestbook.yaml'],
    ).toContain('replicaCount: 3');
    expect(
      generatedDrift(followed.files, compileOptions(sandbox)).stale,
    ).toEqual([]);

    // Several poll periods later: no further commit (the regenerate commit's own head matches).
    await new Promise(r => setTimeout(r, 1500));
    expect((await history(sandbox.fleetRepoUrl)).commits).toHaveLength(4);
  });

  it('leaves a hand push of an invalid definition alone: no regenerate commit', async () => {
    const before = await history(sandbox.fleetRepoUrl);
    await sandbox.pushToFleet(
      {
        'arlon/clusters/prod-us-west.yaml': before.files[
          'arlon/clusters/prod-us-west.yaml'
        ].replace('profiles:', 'profles:'),
        // Would change generated/ if it were regenerated.
        'arlon/clusters/dev-local.yaml': before.files[
          'arlon/clusters/dev-local.yaml'
        ].replace('replicaCount: 3', 'replicaCount: 5'),
      },
      'a typo pushed by hand',
    );
    await new Promise(r => setTimeout(r, 1500));
    const after = await history(sandbox.fleetRepoUrl);
    expect(after.commits).toHaveLength(before.commits.length + 1);
    expect(after.commits[0].subject).toBe('a typo pushed by hand');
    const generatedOf = (files: Record<string, string>) =>
      Object.entries(files).filter(([file]) => file.startsWith('generated/'));
    expect(generatedOf(after.files)).toEqual(generatedOf(before.files));
  });
});
