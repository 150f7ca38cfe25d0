import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  createBackendPlugin,
  type SchedulerService,
  type ServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import {
  eventsServiceFactory,
  eventsServiceRef,
} from '@backstage/plugin-events-node';
import { CoreV1Api } from '@kubernetes/client-node';
import {
  Sandbox,
  eventually,
  kubeConfigFor,
} from '@arlon-backstage/arlon-sandbox';
import {
  FLEET_CHANGED_TOPIC,
  type FleetChanged,
  fleetChangesServiceRef,
} from '@arlon-backstage/plugin-arlon-node';
import request from 'supertest';
import { arlonPlugin } from './plugin';
import {
  arlonConfigAs,
  portalAccountToken,
} from './__testUtils__/portalAccount';

const run = promisify(execFile);
const EXAMPLE = path.resolve(__dirname, '../../../examples/fleet');
/** The promise: a change from anywhere reaches the labels in under 10 s. */
const WITHIN_10_S = 10_000;

jest.setTimeout(120_000);

type Scheduler = SchedulerService & {
  factory(options: { skipTaskRunOnStartup: boolean }): ServiceFactory;
};

/** What one backend's signal and events service said, seen as a plugin of it. */
function recorder() {
  const signalled: FleetChanged[] = [];
  const published: FleetChanged[] = [];
  const feature = createBackendPlugin({
    pluginId: 'recorder',
    register(env) {
      env.registerInit({
        deps: { changes: fleetChangesServiceRef, events: eventsServiceRef },
        async init({ changes, events }) {
          changes.subscribe(c => void signalled.push(c));
          await events.subscribe({
            id: 'recorder',
            topics: [FLEET_CHANGED_TOPIC],
            onEvent: async e => void published.push(e.eventPayload as any),
          });
        },
      });
    },
  });
  return { feature, signalled, published };
}

/** A stand-in for Gitea's pull request API: records what it is asked to open. */
async function pullRequestApi() {
  const opened: any[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', chunk => (body += chunk));
    req.on('end', () => {
      opened.push(JSON.parse(body));
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          number: opened.length,
          html_url: `http://pulls.invalid/${opened.length}`,
        }),
      );
    });
  });
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    opened,
    stop: () => new Promise(r => server.close(r)),
  };
}

const qa1 = (profiles: string[]) =>
  `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: qa-1\nspec:\n  clusterSpec: docker-dev\n  profiles: [${profiles.join(
    ', ',
  )}]\n`;

/**
 * Changes that do not come through this backend's REST API: a commit pushed
 * by hand, and a pull request proposed by a portal in pull-request mode and
 * merged on the Git host. Each reaches the ArgoCD cluster Secret's profile
 * labels within 10 s, and is published on the events service.
 */
describe('the fleet changes outside the portal', () => {
  let sandbox: Sandbox;
  let core: CoreV1Api;
  let server: any;
  const record = recorder();

  const labelsOfQa1 = async () =>
    (
      await core
        .readNamespacedSecret({ name: 'cluster-qa-1', namespace: 'argocd' })
        .catch(() => undefined)
    )?.metadata?.labels ?? {};
  const branchHead = async (branch = 'main') =>
    (
      await run('git', [
        'ls-remote',
        sandbox.fleetRepoUrl,
        `refs/heads/${branch}`,
      ])
    ).stdout.split('\t')[0];

  beforeAll(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      provisioningDelayMs: 300,
      argocdResyncMs: 200,
    });
    core = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    ).makeApiClient(CoreV1Api);
    const scheduler = mockServices.scheduler() as Scheduler;
    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        record.feature,
        eventsServiceFactory,
        scheduler.factory({ skipTaskRunOnStartup: true }),
        mockServices.rootConfig.factory({
          data: {
            arlon: arlonConfigAs(sandbox, await portalAccountToken(sandbox)),
            // One process: its events stay in it.
            events: { useEventBus: 'never' },
          },
        }),
      ],
    }));
    void scheduler.triggerTask('arlon-registration');
    await request(server).post('/api/arlon/regenerate').expect(200);
    await request(server).post('/api/arlon/bootstrap').expect(200);
    await request(server)
      .post('/api/arlon/clusters')
      .set('Content-Type', 'application/yaml')
      .send(qa1(['infrastructure']))
      .expect(201);
    await eventually(
      async () =>
        (await labelsOfQa1())['profile.arlon.io/infrastructure'] === 'true',
      'qa-1 registered with its profile label',
      60_000,
    );
  });
  afterAll(() => sandbox.stop());

  it('a profile added by a commit pushed straight to Git reaches the cluster Secret’s labels within 10 s', async () => {
    await sandbox.pushToFleet(
      { 'arlon/clusters/qa-1.yaml': qa1(['infrastructure', 'apps']) },
      'Give qa-1 the apps profile, by hand',
    );
    const pushed = await branchHead();
    await eventually(
      async () => (await labelsOfQa1())['profile.arlon.io/apps'] === 'true',
      'the apps label from the hand push',
      WITHIN_10_S,
    );
    expect(record.signalled).toContainEqual({ commit: pushed, source: 'poll' });
    await eventually(
      async () => record.published.some(p => p.commit === pushed),
      `${FLEET_CHANGED_TOPIC} on the events service`,
    );
  });

  it('a pull request proposed in pull-request mode changes nothing until it is merged; the merge reaches the labels within 10 s', async () => {
    const pulls = await pullRequestApi();
    const proposer = recorder();
    const gitHost = new URL(sandbox.fleetRepoUrl).host;
    const { server: prPortal } = await startTestBackend({
      features: [
        arlonPlugin,
        proposer.feature,
        mockServices.rootConfig.factory({
          data: {
            integrations: {
              gitea: [
                {
                  host: gitHost,
                  baseUrl: pulls.url,
                  username: 'arlon',
                  password: 'not-checked-by-the-sandbox',
                },
              ],
            },
            arlon: {
              // A portal that only proposes; it runs no registration.
              managementClusters: [],
              fleetRepo: {
                url: sandbox.fleetRepoUrl,
                branch: 'main',
                writeMode: 'pullRequest',
              },
            },
          },
        }),
      ],
    });
    try {
      const before = await branchHead();
      const proposed = await request(prPortal)
        .post('/api/arlon/profiles/remove')
        .send({ profiles: ['apps'], clusters: ['qa-1'] })
        .expect(200);
      const branch: string = proposed.body.pullRequest.branch;
      expect(pulls.opened).toEqual([
        expect.objectContaining({ head: branch, base: 'main' }),
      ]);
      // Proposed, not merged: the branch and the labels are as they were.
      await new Promise(r => setTimeout(r, 4000));
      expect(await branchHead()).toBe(before);
      expect((await labelsOfQa1())['profile.arlon.io/apps']).toBe('true');

      // The reviewer merges it on the Git host: a merge commit pushed to main.
      const clone = await fs.mkdtemp(path.join(os.tmpdir(), 'merge-'));
      const git = (...args: string[]) => run('git', ['-C', clone, ...args]);
      try {
        await run('git', ['clone', '-q', sandbox.fleetRepoUrl, clone]);
        await git('fetch', '-q', 'origin', branch);
        await git(
          '-c',
          'user.name=Reviewer',
          '-c',
          'user.email=reviewer@arlon.invalid',
          'merge',
          '--no-ff',
          '-q',
          '-m',
          `Merge pull request #1 from ${branch}`,
          'FETCH_HEAD',
        );
        await git('push', '-q', 'origin', 'main');
      } finally {
        await fs.rm(clone, { recursive: true, force: true });
      }
      const merged = await branchHead();
      await eventually(
        async () => !('profile.arlon.io/apps' in (await labelsOfQa1())),
        'the apps label removed by the merged pull request',
        WITHIN_10_S,
      );
      expect((await labelsOfQa1())['profile.arlon.io/infrastructure']).toBe(
        'true',
      );
      // Both portals saw the merge: the one that proposed it, too.
      for (const seen of [record.signalled, proposer.signalled])
        await eventually(
          async () => seen.some(s => s.commit === merged),
          'the merge commit signalled',
        );
    } finally {
      await pulls.stop();
    }
  });
});
