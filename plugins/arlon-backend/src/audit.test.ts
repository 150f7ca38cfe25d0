import path from 'node:path';
import type {
  AuditorServiceCreateEventOptions,
  SchedulerService,
  ServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { CoreV1Api } from '@kubernetes/client-node';
import {
  eventually,
  kubeConfigFor,
  Sandbox,
} from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import { arlonPlugin } from './plugin';
import {
  type ExternalCluster,
  startExternalCluster,
} from './__testUtils__/externalCluster';

const EXAMPLE = path.resolve(__dirname, '../../../examples/fleet');

/** One audit event as the plugin recorded it, and how it ended. */
interface Recorded {
  eventId: string;
  severityLevel?: string;
  meta?: Record<string, unknown>;
  /** The request the event was made from (the auditor reads the user from it). */
  request?: string;
  outcome?: 'success' | 'fail';
  successMeta?: Record<string, unknown>;
  error?: string;
}

const bundle = (name: string, source = '    inline: {}\n') =>
  `apiVersion: core.arlon.io/v1\nkind: Bundle\nmetadata:\n  name: ${name}\nspec:\n  source:\n${source}`;

type Send = (server: any) => request.Test | Promise<request.Response>;

/** The event's meta holds at least these (none expected: the route records none). */
function metaLike(meta?: object) {
  if (meta === undefined) return undefined;
  return expect.objectContaining(meta);
}

/** What a success event holds; its outcome's meta only where the case names one. */
function successLike(
  eventId: string,
  success: Case['success'],
  res: request.Response,
) {
  const { successMeta } = success;
  return expect.objectContaining({
    eventId,
    meta: metaLike(success.meta),
    request: expect.stringMatching(/^(POST|PUT|DELETE) \/api\/arlon\//),
    outcome: 'success',
    ...(successMeta && {
      successMeta: expect.objectContaining(
        typeof successMeta === 'function' ? successMeta(res) : successMeta,
      ),
    }),
  });
}

interface Case {
  /** The write, as the route names it. */
  name: string;
  eventId: string;
  /** What the event says was asked (none: the route asks nothing). */
  success: {
    /** What the write needs first (its events are not the case's). */
    before?: (server: any) => Promise<unknown>;
    send: Send;
    status: number;
    meta?: object;
    /** What the event's success adds (the outcome), if the route adds any. */
    successMeta?: object | ((res: request.Response) => object);
    /** What the answer holds, where the event is checked against it. */
    body?: object;
  };
  failure: { send: Send; status: number; meta?: object; error: RegExp };
}

/**
 * Every write the REST API offers records an audit event with the user,
 * what was asked and how it ended: success with its outcome, or failure
 * with the error (validation, permission, not found alike). Recorded
 * through Backstage's auditor service, read here from its mock.
 */
describe('audit events of every write', () => {
  let sandbox: Sandbox;
  let server: any;
  const events: Recorded[] = [];
  let denied: string | undefined;
  /** Credentials the writes handle: none may appear in any event. */
  const credentials: string[] = ['secret-kubeconfig'];
  const external: ExternalCluster[] = [];
  const expectNoCredentialIn = (recorded: Recorded[]) => {
    const text = JSON.stringify(recorded);
    // As JSON escapes it: a kubeconfig is text of many lines.
    for (const credential of credentials)
      expect(text).not.toContain(JSON.stringify(credential).slice(1, -1));
  };

  beforeAll(async () => {
    // ArgoCD resyncs often: the cluster actions wait for its Applications.
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      argocdResyncMs: 200,
    });
    const scheduler = mockServices.scheduler() as SchedulerService & {
      factory(options: { skipTaskRunOnStartup: boolean }): ServiceFactory;
    };
    const answer = (reqs: any[]) =>
      reqs.map(r => ({
        result:
          r.permission.name === denied
            ? AuthorizeResult.DENY
            : AuthorizeResult.ALLOW,
      })) as any;
    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        scheduler.factory({ skipTaskRunOnStartup: true }),
        mockServices.permissions.mock({
          authorize: async reqs => answer(reqs),
          authorizeConditional: async reqs => answer(reqs),
        }).factory,
        mockServices.auditor.mock({
          createEvent: async (options: AuditorServiceCreateEventOptions) => {
            const event: Recorded = {
              eventId: options.eventId,
              severityLevel: options.severityLevel,
              meta: options.meta as any,
              request: `${options.request?.method} ${options.request?.originalUrl}`,
            };
            events.push(event);
            return {
              success: async (params?: { meta?: any }) => {
                event.outcome = 'success';
                event.successMeta = params?.meta;
              },
              fail: async (params: { error: Error }) => {
                event.outcome = 'fail';
                event.error = params.error.message;
              },
            };
          },
        }).factory,
        mockServices.rootConfig.factory({
          data: { arlon: sandbox.arlonConfig() },
        }),
      ],
    }));
  });
  afterAll(async () => {
    for (const cluster of external) await cluster.stop();
    await sandbox?.stop();
  });
  beforeEach(() => {
    events.length = 0;
    denied = undefined;
  });

  /** A report of two definitions, as the portal computes it (compare is a read: no event). */
  const aReport = async (s: any) =>
    (
      await request(s)
        .post('/api/arlon/diff')
        .send({
          left: { kind: 'bundle', name: 'guestbook' },
          right: { kind: 'bundle', name: 'readonly-rbac' },
        })
        .expect(200)
    ).body;

  const yaml = (s: any, method: 'post' | 'put', url: string, body: string) =>
    request(s)[method](url).set('Content-Type', 'application/yaml').send(body);

  /** An external cluster, imported as `name`: the request and its answer. */
  const importExternal = async (s: any, name: string, profiles: string[]) => {
    const cluster = await startExternalCluster(sandbox, name);
    external.push(cluster);
    credentials.push(cluster.token, cluster.kubeconfig);
    const res = await request(s)
      .post('/api/arlon/clusters/import')
      .send({ name, kubeconfig: cluster.kubeconfig, profiles });
    // The token ArgoCD was given in the cluster: a credential too.
    if (res.status === 201) {
      const secret = await kubeConfigFor(
        sandbox.apiServer.url,
        sandbox.token,
        sandbox.apiServer.caData,
      )
        .makeApiClient(CoreV1Api)
        .readNamespacedSecret({ name: `cluster-${name}`, namespace: 'argocd' });
      const { bearerToken } = JSON.parse(
        Buffer.from(secret.data!.config, 'base64').toString('utf8'),
      );
      expect(bearerToken).toEqual(expect.any(String));
      credentials.push(bearerToken);
    }
    return res;
  };

  /**
   * A cluster ArgoCD has Applications for: an external cluster imported with
   * the infrastructure profile, the fleet's generated tree pointed at the
   * sandbox's repository and applied (regenerate, bootstrap), then ArgoCD's
   * ApplicationSets generate its bundles' Applications. Set up once, by the
   * first cluster action that needs it.
   */
  const APPS_CLUSTER = 'edge-apps';
  let withApplications: Promise<void> | undefined;
  const clusterWithApplications = (s: any) =>
    (withApplications ??= (async () => {
      expect(
        (await importExternal(s, APPS_CLUSTER, ['infrastructure'])).status,
      ).toBe(201);
      await request(s).post('/api/arlon/regenerate').expect(200);
      await request(s).post('/api/arlon/bootstrap').expect(200);
      await eventually(async () => {
        const res = await request(s).get(`/api/arlon/clusters/${APPS_CLUSTER}`);
        return res.body.status?.applications?.some(
          (a: { name: string }) => a.name === `${APPS_CLUSTER}-readonly-rbac`,
        );
      }, `ArgoCD's Applications for ${APPS_CLUSTER}`);
    })());

  const cases: Case[] = [
    {
      name: 'create a definition',
      eventId: 'definition-write',
      success: {
        send: s =>
          yaml(
            s,
            'post',
            '/api/arlon/bundles',
            bundle(
              'audited',
              '    git:\n      repoUrl: https://git.example.com/audited.git\n      path: manifests\n      revision: main\n      type: kustomize\n',
            ),
          ),
        status: 201,
        meta: { op: 'create', kind: 'Bundle', dryRun: false },
      },
      failure: {
        // No manifests for an inline bundle: a definition that does not validate.
        send: s =>
          yaml(
            s,
            'post',
            '/api/arlon/bundles',
            bundle('broken', '    inline: {}\n    git: {repoUrl: x}\n'),
          ),
        status: 400,
        meta: { op: 'create', kind: 'Bundle' },
        error: /./,
      },
    },
    {
      name: 'update a definition',
      eventId: 'definition-write',
      success: {
        send: s =>
          yaml(
            s,
            'put',
            '/api/arlon/bundles/calico',
            bundle(
              'calico',
              '    git:\n      repoUrl: https://github.com/projectcalico/calico.git\n      path: manifests\n      revision: v3.28.0\n      type: kustomize\n',
            ),
          ),
        status: 200,
        meta: { op: 'update', kind: 'Bundle', name: 'calico' },
      },
      failure: {
        send: s => yaml(s, 'put', '/api/arlon/bundles/nope', bundle('nope')),
        status: 404,
        meta: { op: 'update', kind: 'Bundle', name: 'nope' },
        error: /nope/,
      },
    },
    {
      name: 'delete a definition',
      eventId: 'definition-write',
      success: {
        send: s => request(s).delete('/api/arlon/bundles/audited'),
        status: 200,
        meta: { op: 'delete', kind: 'Bundle', name: 'audited' },
      },
      failure: {
        send: s => request(s).delete('/api/arlon/bundles/never-was'),
        status: 404,
        meta: { op: 'delete', kind: 'Bundle', name: 'never-was' },
        error: /never-was/,
      },
    },
    {
      name: 'regenerate',
      eventId: 'regenerate',
      success: {
        send: s => request(s).post('/api/arlon/regenerate'),
        status: 200,
      },
      failure: {
        send: s => {
          denied = 'arlon.fleet.admin';
          return request(s).post('/api/arlon/regenerate');
        },
        status: 403,
        error: /arlon\.fleet\.admin/,
      },
    },
    {
      name: 'apply a profile',
      eventId: 'profile-apply',
      success: {
        send: s =>
          request(s)
            .post('/api/arlon/profiles/apply')
            .send({ profiles: ['apps'], clusters: ['dev-local'] }),
        status: 200,
        meta: { profiles: ['apps'], clusters: ['dev-local'] },
      },
      failure: {
        send: s =>
          request(s)
            .post('/api/arlon/profiles/apply')
            .send({ profiles: [], clusters: ['dev-local'] }),
        status: 400,
        meta: { profiles: [] },
        error: /profiles/,
      },
    },
    {
      name: 'remove a profile',
      eventId: 'profile-remove',
      success: {
        send: s =>
          request(s)
            .post('/api/arlon/profiles/remove')
            .send({ profiles: ['infrastructure'], clusters: ['staging-eu'] }),
        status: 200,
        meta: { profiles: ['infrastructure'], clusters: ['staging-eu'] },
      },
      failure: {
        send: s => {
          denied = 'arlon.profile.apply';
          return request(s)
            .post('/api/arlon/profiles/remove')
            .send({ profiles: ['apps'], clusters: ['dev-local'] });
        },
        status: 403,
        meta: { profiles: ['apps'] },
        error: /arlon\.profile\.apply/,
      },
    },
    {
      name: 'import a cluster',
      eventId: 'cluster-import',
      success: {
        send: s => importExternal(s, 'edge-audited', []),
        status: 201,
        // The kubeconfig is a credential: the event says there was one, never what.
        meta: {
          name: 'edge-audited',
          argocdCluster: null,
          fromKubeconfig: true,
        },
        successMeta: { commit: expect.stringMatching(/^[0-9a-f]{40}$/) },
      },
      failure: {
        send: s =>
          request(s)
            .post('/api/arlon/clusters/import')
            .send({ name: 'Not A Name', kubeconfig: 'secret-kubeconfig' }),
        status: 400,
        // The kubeconfig is a credential: the event says there was one, never what.
        meta: { name: 'Not A Name', fromKubeconfig: true },
        error: /./,
      },
    },
    ...(['sync', 'refresh', 'update'] as const).map(
      (action): Case => ({
        name: `${action} a cluster's applications`,
        eventId: `cluster-${action}`,
        success: {
          before: clusterWithApplications,
          send: s =>
            request(s).post(`/api/arlon/clusters/${APPS_CLUSTER}/${action}`),
          status: 200,
          meta: { cluster: APPS_CLUSTER },
          // Sync and refresh reach every Application of the cluster; update
          // only those out of sync. The event names exactly what was touched.
          body: {
            cluster: APPS_CLUSTER,
            action,
            applications:
              action === 'update'
                ? expect.any(Array)
                : expect.arrayContaining([`${APPS_CLUSTER}-readonly-rbac`]),
          },
          successMeta: res => ({ applications: res.body.applications }),
        },
        failure: {
          send: s => request(s).post(`/api/arlon/clusters/nope/${action}`),
          status: 404,
          meta: { cluster: 'nope' },
          error: /nope/,
        },
      }),
    ),
    {
      name: 'delete a cluster',
      eventId: 'definition-write',
      success: {
        send: s =>
          request(s).delete('/api/arlon/clusters/dev-local?dryRun=true'),
        status: 200,
        meta: {
          op: 'delete',
          kind: 'Cluster',
          name: 'dev-local',
          dryRun: true,
        },
      },
      failure: {
        send: s => request(s).delete('/api/arlon/clusters/nope'),
        status: 404,
        meta: { op: 'delete', kind: 'Cluster', name: 'nope' },
        error: /nope/,
      },
    },
    {
      name: 'unregister a cluster',
      eventId: 'cluster-unregister',
      success: {
        send: s =>
          request(s).post(
            '/api/arlon/clusters/edge-imported/unregister?dryRun=true',
          ),
        status: 200,
        meta: { op: 'unregister', name: 'edge-imported', dryRun: true },
      },
      failure: {
        send: s => request(s).post('/api/arlon/clusters/nope/unregister'),
        status: 404,
        meta: { op: 'unregister', name: 'nope' },
        error: /nope/,
      },
    },
    {
      name: 'save a diff report',
      eventId: 'diff-report-save',
      success: {
        send: async s =>
          request(s)
            .post('/api/arlon/diff/reports')
            .send(await aReport(s)),
        status: 201,
      },
      failure: {
        send: s =>
          request(s)
            .post('/api/arlon/diff/reports')
            .send({ title: 'not a report' }),
        status: 400,
        error: /not a diff report Arlon exported/,
      },
    },
    {
      name: 'import a diff report',
      eventId: 'diff-report-import',
      success: {
        send: async s =>
          request(s)
            .post('/api/arlon/diff/reports/import')
            .send({
              apiVersion: 'arlon.io/v1',
              kind: 'DiffReport',
              ...(await aReport(s)),
            }),
        status: 201,
      },
      failure: {
        send: s => {
          denied = 'arlon.diff.report.write';
          return request(s)
            .post('/api/arlon/diff/reports/import')
            .send({ apiVersion: 'arlon.io/v1', kind: 'DiffReport' });
        },
        status: 403,
        error: /arlon\.diff\.report\.write/,
      },
    },
    {
      name: 'delete a diff report',
      eventId: 'diff-report-delete',
      success: {
        send: async s => {
          const saved = await request(s)
            .post('/api/arlon/diff/reports')
            .send(await aReport(s));
          events.length = 0;
          return request(s).delete(`/api/arlon/diff/reports/${saved.body.id}`);
        },
        status: 204,
        meta: { id: expect.any(String) },
      },
      failure: {
        send: s => request(s).delete('/api/arlon/diff/reports/no-such-report'),
        status: 404,
        meta: { id: 'no-such-report' },
        error: /no-such-report/,
      },
    },
    {
      name: 'bootstrap',
      eventId: 'bootstrap',
      success: {
        send: s => request(s).post('/api/arlon/bootstrap?dryRun=true'),
        status: 200,
        meta: { managementCluster: 'sandbox' },
      },
      failure: {
        send: s => {
          denied = 'arlon.fleet.admin';
          return request(s).post('/api/arlon/bootstrap');
        },
        status: 403,
        meta: { managementCluster: 'sandbox' },
        error: /arlon\.fleet\.admin/,
      },
    },
  ];

  it.each(cases.map(c => [c.name, c.success, c.eventId] as const))(
    '%s: one event that ends in success',
    async (_, success, eventId) => {
      await success.before?.(server);
      events.length = 0;
      const res = await success.send(server);
      expect({
        status: res.status,
        error: res.body?.error?.message,
        problems: res.body?.problems,
      }).toMatchObject({
        status: success.status,
      });
      expect(res.body).toMatchObject(success.body ?? {});
      expect(events).toEqual([successLike(eventId, success, res)]);
      expectNoCredentialIn(events);
    },
    // The first cluster action waits for ArgoCD to generate Applications.
    120_000,
  );

  it.each(cases.map(c => [c.name, c] as const))(
    '%s: one event that ends in failure, with the error',
    async (_, c) => {
      const res = await c.failure.send(server);
      expect({
        status: res.status,
        error: res.body?.error?.message,
        problems: res.body?.problems,
      }).toMatchObject({
        status: c.failure.status,
      });
      expect(events).toEqual([
        expect.objectContaining({
          eventId: c.eventId,
          meta: metaLike(c.failure.meta),
          outcome: 'fail',
          error: expect.stringMatching(c.failure.error),
        }),
      ]);
      expectNoCredentialIn(events);
    },
  );
});
