import path from 'node:path';
import type {
  AuditorServiceCreateEventOptions,
  SchedulerService,
  ServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import { arlonPlugin } from './plugin';

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

interface Case {
  /** The write, as the route names it. */
  name: string;
  eventId: string;
  /** What the event says was asked (none: the route asks nothing). */
  /** Absent where this file cannot reach a success (see below). */
  success?: { send: Send; status: number; meta?: object };
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

  beforeAll(async () => {
    sandbox = await Sandbox.start({ fleetSeedDir: EXAMPLE });
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
  afterAll(() => sandbox?.stop());
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

  // Importing needs a cluster ArgoCD knows, and sync, refresh and update a
  // cluster with ArgoCD Applications: their successes are recorded by the
  // same auditedWrite, reached by the journey tests, not asserted here.
  const succeeding = cases.filter(c => c.success);
  it.each(succeeding.map(c => [c.name, c.success!, c.eventId] as const))(
    '%s: one event that ends in success',
    async (_, success, eventId) => {
      const res = await success.send(server);
      expect({
        status: res.status,
        error: res.body?.error?.message,
        problems: res.body?.problems,
      }).toMatchObject({
        status: success.status,
      });
      expect(events).toEqual([
        expect.objectContaining({
          eventId,
          meta: metaLike(success.meta),
          request: expect.stringMatching(/^(POST|PUT|DELETE) \/api\/arlon\//),
          outcome: 'success',
        }),
      ]);
    },
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
      expect(JSON.stringify(events)).not.toContain('secret-kubeconfig');
    },
  );
});
