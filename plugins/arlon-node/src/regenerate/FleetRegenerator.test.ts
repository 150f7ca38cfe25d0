import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generatedDrift } from '@arlon-backstage/plugin-arlon-common';
import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import { FleetDefinitions } from '../fleet/FleetDefinitions';
import { FleetRepository } from '../fleet/FleetRepository';
import { FleetRegenerator, REGENERATE_AUTHOR } from './FleetRegenerator';
import { generatedOf, gitLog, recordingLogger } from './__testUtils__/gitLog';

const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

describe('FleetRegenerator: generated/ follows the definitions after a hand push', () => {
  let sandbox: Sandbox;
  const dirs: string[] = [];

  beforeEach(async () => {
    sandbox = await Sandbox.start({ fleetSeedDir: EXAMPLE });
  });
  afterEach(async () => {
    await sandbox.stop();
    await Promise.all(
      dirs.splice(0).map(d => fs.rm(d, { recursive: true, force: true })),
    );
  });

  /** A portal process: its own clone of the fleet repository, and a regenerator. */
  const portal = async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'regenerate-'));
    dirs.push(dir);
    const repository = new FleetRepository(
      {
        url: sandbox.fleetRepoUrl,
        branch: sandbox.fleetBranch,
        writeMode: 'commit',
      },
      async () => undefined,
      dir,
    );
    const logger = recordingLogger();
    const definitions = new FleetDefinitions(repository);
    const regenerator = new FleetRegenerator({
      repository,
      definitions,
      logger,
    });
    return { repository, definitions, regenerator, logger };
  };

  /** The example's tree names another URL than this sandbox's: the first look regenerates it. */
  const settled = async () => {
    const p = await portal();
    expect(await p.regenerator.regenerateIfStale()).toMatchObject({
      status: 'committed',
    });
    return p;
  };

  it('recompiles after a hand push of a definition change, as one commit by Arlon for Backstage naming the head; the next look is a no-op', async () => {
    const { regenerator, repository, definitions } = await settled();
    const cluster = (await repository.read()).files[
      'arlon/clusters/dev-local.yaml'
    ];
    await sandbox.pushToFleet(
      {
        'arlon/clusters/dev-local.yaml': cluster.replace(
          'replicaCount: 1',
          'replicaCount: 3',
        ),
      },
      'dev-local: three guestbook replicas (by hand)',
    );
    const [handPush] = await gitLog(sandbox.fleetRepoUrl);
    expect(handPush.message).toBe(
      'dev-local: three guestbook replicas (by hand)',
    );

    const outcome = await regenerator.regenerateIfStale();
    expect(outcome).toMatchObject({
      status: 'committed',
      head: handPush.commit,
      files: 1,
    });

    const log = await gitLog(sandbox.fleetRepoUrl);
    // Exactly one commit on top of the hand push.
    expect(log[1].commit).toBe(handPush.commit);
    expect(log[0]).toMatchObject({
      commit: (outcome as { commit: string }).commit,
      author: REGENERATE_AUTHOR.name,
    });
    expect(log[0].message).toContain(
      `Regenerate generated/ for ${handPush.commit.slice(0, 12)}`,
    );
    expect(log[0].message).toContain(`The definitions at ${handPush.commit}`);
    expect(log[0].message).toContain(
      '  update generated/values/dev-local/guestbook.yaml',
    );

    const head = await repository.read();
    expect(head.files['generated/values/dev-local/guestbook.yaml']).toContain(
      'replicaCount: 3',
    );
    expect(
      generatedDrift(
        head.files,
        await definitions.currentCompileOptions(head.files),
      ).stale,
    ).toEqual([]);

    // Never a loop: the regenerate commit is a new head whose tree matches.
    expect(await regenerator.regenerateIfStale()).toEqual({
      status: 'current',
      head: head.commit,
    });
    expect(await regenerator.regenerateIfStale(head.commit)).toEqual({
      status: 'seen',
      head: head.commit,
    });
    // Nor after a restart (another replica taking the task over).
    const other = await portal();
    expect(await other.regenerator.regenerateIfStale()).toEqual({
      status: 'current',
      head: head.commit,
    });
    expect((await gitLog(sandbox.fleetRepoUrl))[0].commit).toBe(head.commit);
  });

  it('does not regenerate a head with an invalid definition: no commit, generated/ as it was', async () => {
    const { regenerator, repository, logger } = await settled();
    const before = await repository.read();
    await sandbox.pushToFleet(
      {
        'arlon/clusters/prod-us-west.yaml': before.files[
          'arlon/clusters/prod-us-west.yaml'
        ].replace('profiles:', 'profles:'),
        // A change that would otherwise be regenerated.
        'arlon/clusters/dev-local.yaml': before.files[
          'arlon/clusters/dev-local.yaml'
        ].replace('replicaCount: 1', 'replicaCount: 3'),
      },
      'a typo pushed by hand',
    );
    const [typo] = await gitLog(sandbox.fleetRepoUrl);

    expect(await regenerator.regenerateIfStale(typo.commit)).toMatchObject({
      status: 'held',
      head: typo.commit,
    });
    expect(logger.lines.join('\n')).toContain(
      'arlon/clusters/prod-us-west.yaml',
    );
    expect((await gitLog(sandbox.fleetRepoUrl))[0].commit).toBe(typo.commit);
    expect(generatedOf((await repository.read()).files)).toEqual(
      generatedOf(before.files),
    );

    // The fix is a new head: regenerated then.
    await sandbox.pushToFleet(
      {
        'arlon/clusters/prod-us-west.yaml':
          before.files['arlon/clusters/prod-us-west.yaml'],
      },
      'fix the typo',
    );
    expect(await regenerator.regenerateIfStale()).toMatchObject({
      status: 'committed',
    });
  });

  it('commits nothing when generated/ is up to date', async () => {
    const { regenerator } = await settled();
    const before = await gitLog(sandbox.fleetRepoUrl);
    // A hand push that changes nothing generated (a README).
    await sandbox.pushToFleet({ 'NOTES.md': 'hello\n' }, 'notes');
    const [notes] = await gitLog(sandbox.fleetRepoUrl);
    expect(await regenerator.regenerateIfStale(notes.commit)).toEqual({
      status: 'current',
      head: notes.commit,
    });
    const after = await gitLog(sandbox.fleetRepoUrl);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0].commit).toBe(notes.commit);
  });

  it('does nothing with regenerate: off', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'regenerate-'));
    dirs.push(dir);
    const repository = new FleetRepository(
      {
        url: sandbox.fleetRepoUrl,
        branch: sandbox.fleetBranch,
        writeMode: 'commit',
        regenerate: 'off',
      },
      async () => undefined,
      dir,
    );
    const before = await gitLog(sandbox.fleetRepoUrl);
    expect(
      await new FleetRegenerator({
        repository,
        definitions: new FleetDefinitions(repository),
        logger: recordingLogger(),
      }).regenerateIfStale(),
    ).toEqual({ status: 'off' });
    expect(await gitLog(sandbox.fleetRepoUrl)).toEqual(before);
  });
});
