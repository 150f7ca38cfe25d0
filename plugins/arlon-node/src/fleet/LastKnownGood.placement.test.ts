import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import { FleetRepository } from './FleetRepository';

const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

/**
 * A hand push is judged as a write is: with the configured management
 * clusters, a cluster naming one that is not configured is broken at its
 * line (and shown so), not taken as valid.
 */
describe('FleetRepository.lastKnownGood with management clusters configured', () => {
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
      undefined,
      {
        managementClusters: {
          names: ['mc-east', 'mc-west'],
          default: 'mc-east',
        },
      },
    );
  });
  afterAll(async () => {
    await sandbox.stop();
    await fs.rm(workDir, { recursive: true, force: true });
  });

  const cluster = (managementCluster: string) =>
    `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: west-9\nspec:\n  clusterSpec: docker-dev\n  managementCluster: ${managementCluster}\n`;

  it('takes a configured management cluster as valid', async () => {
    await sandbox.pushToFleet(
      { 'arlon/clusters/west-9.yaml': cluster('mc-west') },
      'Place west-9',
    );
    const { held, views } = await repository.lastKnownGood();
    expect(held.definitions).toEqual([]);
    expect(views.find(v => v.name === 'west-9')?.problems).toEqual([]);
  });

  it('finds a hand-pushed name that is not configured, with the commit that brought it', async () => {
    await sandbox.pushToFleet(
      { 'arlon/clusters/west-9.yaml': cluster('mc-nowhere') },
      'Move west-9 to a typo',
    );
    const { held } = await repository.lastKnownGood();
    expect(held.definitions).toEqual([
      expect.objectContaining({
        kind: 'Cluster',
        name: 'west-9',
        brokenBy: expect.objectContaining({
          summary: 'Move west-9 to a typo',
        }),
        problems: [
          expect.objectContaining({
            file: 'arlon/clusters/west-9.yaml',
            field: 'spec.managementCluster',
            message: expect.stringContaining(
              'management cluster "mc-nowhere" is not configured',
            ),
          }),
        ],
      }),
    ]);
  });
});
