import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import os from 'node:os';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import catalogPlugin from '@backstage/plugin-catalog-backend';
import { catalogModuleArlon } from './module';

const EXAMPLE = path.resolve(__dirname, '../../../examples/fleet');
const exec = promisify(execFile);
const sandboxTmp = () => os.tmpdir();

async function waitFor<T>(
  probe: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise(r => setTimeout(r, 200));
  }
}

describe('catalog module, in a real catalog backend', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await Sandbox.start({ fleetSeedDir: EXAMPLE });
  });
  afterAll(() => sandbox.stop());
  /** The fleet branch's commit `rev` (e.g. HEAD~1), read from a fresh clone. */
  const git = async (args: string[]) => {
    const dir = await fs.mkdtemp(path.join(sandboxTmp(), 'clone-'));
    try {
      await exec('git', ['clone', '-q', sandbox.fleetRepoUrl, dir]);
      return (await exec('git', ['-C', dir, ...args])).stdout.trim();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  };

  it('puts the example fleet in the catalog with relations, a broken definition with its processing error, and bundles listed by type', async () => {
    const { server } = await startTestBackend({
      features: [
        catalogPlugin,
        catalogModuleArlon,
        mockServices.rootConfig.factory({
          data: {
            arlon: { fleetRepo: { url: sandbox.fleetRepoUrl, branch: 'main' } },
            catalog: {
              providers: {
                arlon: {
                  schedule: {
                    frequency: { minutes: 30 },
                    timeout: { minutes: 5 },
                  },
                },
              },
              processingInterval: { seconds: 1 },
            },
          },
        }),
      ],
    });
    const get = (ref: string) =>
      request(server).get(
        `/api/catalog/entities/by-name/resource/default/${ref}`,
      );
    const cluster = await waitFor(async () => {
      const res = await get('dev-local');
      return res.status === 200 && res.body.relations?.length && res.body;
    }, 'dev-local in the catalog');
    expect(cluster.spec).toMatchObject({
      type: 'kubernetes-cluster',
      owner: 'group:default/platform',
    });
    expect(
      cluster.relations.map((r: any) => `${r.type} ${r.targetRef}`).sort(),
    ).toEqual([
      'dependsOn resource:default/clusterspec-docker-dev',
      'dependsOn resource:default/profile-apps',
      'dependsOn resource:default/profile-infrastructure',
      'ownedBy group:default/platform',
    ]);
    const profile = await waitFor(async () => {
      const res = await get('profile-infrastructure');
      return (
        res.status === 200 &&
        res.body.relations?.some((r: any) => r.type === 'dependencyOf') &&
        res.body
      );
    }, 'the profile with its reverse relations');
    expect(
      profile.relations
        .filter((r: any) => r.type === 'dependencyOf')
        .map((r: any) => r.targetRef)
        .sort(),
    ).toEqual([
      'resource:default/dev-local',
      'resource:default/edge-imported',
      'resource:default/prod-us-west',
      'resource:default/staging-eu',
    ]);
    // A broken definition stays in the catalog, its problem shown as a processing error.
    const file = 'arlon/clusters/staging-eu.yaml';
    const text = await fs.readFile(path.join(EXAMPLE, file), 'utf8');
    await sandbox.pushToFleet(
      {
        [file]: text.replace(
          'profiles: [infrastructure]',
          'profiles: [infrastructur]',
        ),
      },
      'typo',
    );
    const broken = await waitFor(async () => {
      const res = await get('staging-eu');
      return res.body.status?.items?.length && res.body;
    }, 'the processing error');
    expect(broken.status.items[0]).toMatchObject({
      type: 'backstage.io/catalog-processing',
      level: 'error',
      message: expect.stringContaining(
        'arlon/clusters/staging-eu.yaml:24 (spec.profiles[0]): profile "infrastructur" does not exist. Did you mean "infrastructure"?',
      ),
    });
    // Held at last known good: the entity stays with its profile relation,
    // and its processing errors say at which commit it is held and why.
    const good = await git(['rev-parse', 'HEAD~1']);
    // (The catalog keeps an entity's last processed version while it has
    // processing errors: the held annotations ride on the processed one.)
    expect(
      broken.relations.map((r: any) => `${r.type} ${r.targetRef}`),
    ).toContain('dependsOn resource:default/profile-infrastructure');
    expect(broken.status.items.map((i: any) => i.message)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Error: Held at last known good \\(commit ${good.slice(
            0,
            12,
          )}\\): Cluster staging-eu is invalid, arlon/clusters/staging-eu.yaml:24 \\(spec.profiles\\[0\\]\\): profile "infrastructur" does not exist; broken by commit [0-9a-f]{12} "typo"`,
        ),
      ),
    );

    const list = await request(server)
      .get('/api/catalog/entities/by-query')
      .query({ filter: 'kind=resource,spec.type=arlon-bundle' });
    expect(list.body.items.map((e: any) => e.metadata.title).sort()).toEqual([
      'calico',
      'cert-manager',
      'guestbook',
      'readonly-rbac',
    ]);
  }, 90_000);
});
