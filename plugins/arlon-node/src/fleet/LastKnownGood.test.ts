import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import { FleetRepository } from './FleetRepository';

const run = promisify(execFile);
const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

/**
 * The history walk against a real Git server: commits pushed by hand, read
 * through the portal's own clone.
 */
describe('FleetRepository.lastKnownGood', () => {
  let sandbox: Sandbox;
  let workDir: string;
  let repository: FleetRepository;

  beforeAll(async () => {
    sandbox = await Sandbox.start({ fleetSeedDir: EXAMPLE });
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lkg-'));
    repository = new FleetRepository(
      { url: sandbox.fleetRepoUrl, branch: 'main', writeMode: 'commit' },
      async () => undefined,
      workDir,
    );
  });
  afterAll(async () => {
    await sandbox.stop();
    await fs.rm(workDir, { recursive: true, force: true });
  });

  const head = async () =>
    (
      await run('git', ['ls-remote', sandbox.fleetRepoUrl, 'refs/heads/main'])
    ).stdout.split('\t')[0];
  const file = 'arlon/clusters/prod-us-west.yaml';
  const original = () => fs.readFile(path.join(EXAMPLE, file), 'utf8');

  it('holds nothing on the example fleet', async () => {
    const { held } = await repository.lastKnownGood();
    expect(held.definitions).toEqual([]);
    expect(held.clusters).toEqual([]);
  });

  it('names the commit that broke a cluster, through later commits, and shows it from its last good commit', async () => {
    const good = await head();
    const text = await original();
    await sandbox.pushToFleet(
      { [file]: text.replace('profiles:', 'profles:') },
      'Typo in prod-us-west',
    );
    const breaking = await head();
    await sandbox.pushToFleet({ 'README.md': 'notes\n' }, 'Unrelated change');
    const { held, views } = await repository.lastKnownGood();
    expect(held.definitions).toEqual([
      expect.objectContaining({
        kind: 'Cluster',
        name: 'prod-us-west',
        lastGood: good,
        brokenBy: expect.objectContaining({
          commit: breaking,
          summary: 'Typo in prod-us-west',
          author: 'Sandbox user',
        }),
        clusters: ['prod-us-west'],
      }),
    ]);
    expect(held.definitions[0].problems[0]).toMatchObject({ file });
    expect(held.definitions[0].problems[0].line).toBeGreaterThan(1);
    const view = views.find(
      v => v.kind === 'Cluster' && v.name === 'prod-us-west',
    )!;
    // The last good version: its profiles are still there.
    expect((view.definition as any).spec.profiles).toEqual(
      expect.arrayContaining(['infrastructure']),
    );
    expect(view.held?.shownFrom).toBe(good);
    expect(view.problems.length).toBeGreaterThan(0);

    // Fixed: nothing held any more.
    await sandbox.pushToFleet({ [file]: text }, 'Fix the typo');
    const fixed = await repository.lastKnownGood();
    expect(fixed.held.definitions).toEqual([]);
    expect(
      fixed.views.find(v => v.name === 'prod-us-west')?.held,
    ).toBeUndefined();
  });

  it('keeps a definition whose file no longer parses, from its last good commit', async () => {
    const good = await head();
    await sandbox.pushToFleet(
      { [file]: 'kind: Cluster\n  metadata: [\n' },
      'Broken YAML',
    );
    const { held, views } = await repository.lastKnownGood();
    expect(held.definitions[0]).toMatchObject({
      name: 'prod-us-west',
      lastGood: good,
      brokenBy: { summary: 'Broken YAML' },
    });
    expect(views.find(v => v.name === 'prod-us-west')?.held?.shownFrom).toBe(
      good,
    );
    await sandbox.pushToFleet({ [file]: await original() }, 'Fix');
  });
});
