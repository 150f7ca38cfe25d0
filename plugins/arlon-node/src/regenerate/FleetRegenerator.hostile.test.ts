import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import { FleetDefinitions } from '../fleet/FleetDefinitions';
import { FleetRepository } from '../fleet/FleetRepository';
import { FleetRegenerator } from './FleetRegenerator';
import { generatedOf, gitLog, recordingLogger } from './__testUtils__/gitLog';

const run = promisify(execFile);
const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

/**
 * Hostile hand pushes to the fleet repository, as the regenerator meets
 * them: nothing from a pushed generated/ tree is trusted (the compiler owns
 * it, and the portal's configuration says where ArgoCD reads), a broken or
 * hostile definition regenerates nothing, nothing is written outside the
 * portal's clone, and two portals that compile differently stop after one
 * round instead of taking turns for ever.
 */
describe('FleetRegenerator, hostile hand pushes', () => {
  let sandbox: Sandbox;
  let outside: string;
  const dirs: string[] = [];

  beforeEach(async () => {
    sandbox = await Sandbox.start({ fleetSeedDir: EXAMPLE });
    outside = await fs.mkdtemp(path.join(os.tmpdir(), 'outside-'));
    await fs.writeFile(path.join(outside, 'keep.yaml'), 'kept: true\n');
  });
  afterEach(async () => {
    // Whatever the case: nothing outside was touched, nothing polluted.
    const left = await fs.readdir(outside);
    const kept = await fs.readFile(path.join(outside, 'keep.yaml'), 'utf8');
    if (left.join() !== 'keep.yaml' || kept !== 'kept: true\n')
      throw new Error(`a file outside the checkout changed: ${left.join()}`);
    if (({} as any).polluted !== undefined)
      throw new Error('Object.prototype was polluted');
    await sandbox.stop();
    await Promise.all(
      [outside, ...dirs.splice(0)].map(d =>
        fs.rm(d, { recursive: true, force: true }),
      ),
    );
  });

  const portal = async (url = sandbox.fleetRepoUrl) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'regenerate-'));
    dirs.push(dir);
    const repository = new FleetRepository(
      { url, branch: 'main', writeMode: 'commit' },
      async () => undefined,
      dir,
    );
    const logger = recordingLogger();
    return {
      repository,
      logger,
      regenerator: new FleetRegenerator({
        repository,
        definitions: new FleetDefinitions(repository),
        logger,
      }),
    };
  };

  /** A portal whose first look has made the tree its own. */
  const settled = async () => {
    const p = await portal();
    expect(await p.regenerator.regenerateIfStale()).toMatchObject({
      status: 'committed',
    });
    return p;
  };

  /** A hand push, then the regenerator's look; the commits since the push. */
  const pushThenLook = async (
    regenerator: FleetRegenerator,
    changes: Record<string, string | null>,
  ) => {
    await sandbox.pushToFleet(changes, 'a hostile hand push');
    const [pushed] = await gitLog(sandbox.fleetRepoUrl);
    const outcome = await regenerator.regenerateIfStale(pushed.commit);
    const log = await gitLog(sandbox.fleetRepoUrl);
    return {
      outcome,
      pushed,
      after: log.slice(
        0,
        log.findIndex(c => c.commit === pushed.commit),
      ),
    };
  };

  it('a bootstrap Application pointed at another repository by hand: regenerated back to the configured one in one commit', async () => {
    const { regenerator, repository } = await settled();
    const file = 'generated/bootstrap/arlon-fleet.yaml';
    const original = (await repository.read()).files[file];
    const { outcome, after } = await pushThenLook(regenerator, {
      [file]: original.replace(
        sandbox.fleetRepoUrl,
        'https://evil.example.com/fleet.git',
      ),
    });
    expect(outcome).toMatchObject({ status: 'committed', files: 1 });
    expect(after).toHaveLength(1);
    expect((await repository.read()).files[file]).toBe(original);
  });

  it('an extra generated Application aimed at the management cluster: removed by the regenerate commit', async () => {
    const { regenerator, repository } = await settled();
    const planted = 'generated/argocd/clusters/zz-planted.yaml';
    const { outcome } = await pushThenLook(regenerator, {
      [planted]:
        'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: planted, namespace: argocd}\nspec: {project: default, destination: {server: https://kubernetes.default.svc}}\n',
    });
    expect(outcome).toMatchObject({ status: 'committed' });
    expect((await repository.read()).files[planted]).toBeUndefined();
  });

  it('a generated file pushed as a symbolic link out of the repository: refused with the reason, nothing written through it, no commit, not retried', async () => {
    const { regenerator } = await settled();
    // git itself, as a person would push a link.
    const clone = await fs.mkdtemp(path.join(os.tmpdir(), 'link-'));
    dirs.push(clone);
    await run('git', ['clone', '-q', sandbox.fleetRepoUrl, clone]);
    const link = path.join(clone, 'generated/argocd/profiles/apps.yaml');
    await fs.rm(link);
    await fs.symlink(path.join(outside, 'keep.yaml'), link);
    await run('git', ['-C', clone, 'add', '-A']);
    await run('git', [
      '-C',
      clone,
      '-c',
      'user.name=Mallory',
      '-c',
      'user.email=m@example.com',
      'commit',
      '-qm',
      'a link',
    ]);
    await run('git', ['-C', clone, 'push', '-q', 'origin', 'main']);
    const [pushed] = await gitLog(sandbox.fleetRepoUrl);
    const outcome = await regenerator.regenerateIfStale(pushed.commit);
    // Refused, not written through (afterEach): the checkout will not write
    // where a pushed link stands, and says so; no commit, no retry loop.
    expect(outcome).toMatchObject({
      status: 'failed',
      message: expect.stringContaining(
        'generated/argocd/profiles/apps.yaml is a symbolic link in the checkout',
      ),
    });
    expect((await gitLog(sandbox.fleetRepoUrl))[0].commit).toBe(pushed.commit);
    expect(await regenerator.regenerateIfStale(pushed.commit)).toEqual({
      status: 'seen',
      head: pushed.commit,
    });
  });

  it('an alias bomb pushed as a definition: held at once, no commit', async () => {
    const { regenerator, logger } = await settled();
    const bomb = [
      'apiVersion: core.arlon.io/v1',
      'kind: Bundle',
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      ...'bcdefghi'
        .split('')
        .map(
          (k, i) =>
            `${k}: &${k} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`,
        ),
    ].join('\n');
    const started = Date.now();
    const { outcome, after } = await pushThenLook(regenerator, {
      'arlon/bundles/bomb.yaml': bomb,
    });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(outcome).toMatchObject({ status: 'held' });
    expect(after).toEqual([]);
    expect(logger.lines.join('\n')).toContain('arlon/bundles/bomb.yaml');
  });

  it('a definition carrying __proto__ values: held, no commit, nothing polluted', async () => {
    const { regenerator, repository } = await settled();
    const cluster = (await repository.read()).files[
      'arlon/clusters/dev-local.yaml'
    ];
    const { outcome, after } = await pushThenLook(regenerator, {
      'arlon/clusters/dev-local.yaml': cluster.replace(
        'replicaCount: 1',
        'replicaCount: 1\n      __proto__.polluted: yes',
      ),
    });
    expect(outcome).toMatchObject({ status: 'held' });
    expect(after).toEqual([]);
  });

  it('a definition deleted by hand while a profile still uses its bundle: held, every generated file kept', async () => {
    const { regenerator, repository } = await settled();
    const before = (await repository.read()).files;
    const { outcome, after } = await pushThenLook(regenerator, {
      'arlon/bundles/guestbook.yaml': null,
    });
    expect(outcome).toMatchObject({ status: 'held' });
    expect(after).toEqual([]);
    expect(generatedOf((await repository.read()).files)).toEqual(
      generatedOf(before),
    );
  });

  it('a generated file whose name carries an encoded traversal: deleted by the regenerate commit, nothing written elsewhere', async () => {
    const { regenerator, repository } = await settled();
    const { outcome } = await pushThenLook(regenerator, {
      'generated/values/..%2F..%2Fescape.yaml': 'x: 1\n',
    });
    expect(outcome).toMatchObject({ status: 'committed' });
    const files = Object.keys((await repository.read()).files);
    expect(files.filter(f => f.includes('escape'))).toEqual([]);
  });

  it('two portals that compile the tree differently (another configured URL): one round each at most, then the second stops and says why', async () => {
    const a = await portal();
    // The same server by another name: a second portal configured differently.
    const b = await portal(
      sandbox.fleetRepoUrl.replace('127.0.0.1', 'localhost'),
    );
    const [seed] = await gitLog(sandbox.fleetRepoUrl);
    expect(await a.regenerator.regenerateIfStale()).toMatchObject({
      status: 'committed',
      head: seed.commit,
    });
    expect(await b.regenerator.regenerateIfStale()).toMatchObject({
      status: 'committed',
    });
    // Two regenerate commits in a row, and a is asked again: it stops.
    expect(await a.regenerator.regenerateIfStale()).toMatchObject({
      status: 'failed',
      message: 'regenerated by another compiler',
    });
    expect(a.logger.lines.join('\n')).toContain(
      'another Arlon portal (or version) writing to this fleet repository compiles it differently',
    );
    expect(await b.regenerator.regenerateIfStale()).toMatchObject({
      status: expect.stringMatching(/^(seen|current)$/),
    });
    const log = await gitLog(sandbox.fleetRepoUrl);
    expect(log.map(c => c.author)).toEqual([
      'Arlon for Backstage',
      'Arlon for Backstage',
      'Arlon sandbox',
    ]);
  });
});
