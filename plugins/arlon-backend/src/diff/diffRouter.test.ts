import path from 'node:path';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  KubernetesObjectApi,
} from '@kubernetes/client-node';
import {
  Sandbox,
  kubeConfigFor,
  eventually,
} from '@arlon-backstage/arlon-sandbox';
import { parseAllDocuments } from 'yaml';
import request from 'supertest';
import { arlonPlugin } from '../plugin';

const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

const WEB_BUNDLE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: {app.kubernetes.io/name: web, app.kubernetes.io/managed-by: Helm}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
        - name: web
          image: nginx:1.25
          ports: [{containerPort: 80}]
          env: [{name: MODE, value: production}]
---
apiVersion: v1
kind: Secret
metadata: {name: web-credentials}
stringData: {password: s3cret-value}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: web-settings}
data: {LOG_LEVEL: info}
`;

const definition = (kind: string, name: string, spec: string) =>
  `apiVersion: core.arlon.io/v1\nkind: ${kind}\nmetadata:\n  name: ${name}\nspec:\n${spec}`;

describe('diff routes against the sandbox', () => {
  let sandbox: Sandbox;
  let server: any;
  let workload: KubernetesObjectApi;
  let allow = true;

  /** A CAPI Cluster made by hand: the sandbox provisions it and writes its kubeconfig Secret. */
  async function provision(name: string): Promise<KubeConfig> {
    const kc = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    );
    const core = kc.makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name } } });
    await kc.makeApiClient(CustomObjectsApi).createNamespacedCustomObject({
      group: 'cluster.x-k8s.io',
      version: 'v1beta1',
      plural: 'clusters',
      namespace: name,
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta1',
        kind: 'Cluster',
        metadata: { name, namespace: name },
        spec: {},
      },
    });
    const secret = await eventually(
      () =>
        core.readNamespacedSecret({
          name: `${name}-kubeconfig`,
          namespace: name,
        }),
      `${name}'s kubeconfig`,
    );
    const workloadKc = new KubeConfig();
    workloadKc.loadFromString(
      Buffer.from(secret.data!.value, 'base64').toString(),
    );
    return workloadKc;
  }

  beforeAll(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      provisioningDelayMs: 50,
    });
    await sandbox.pushToFleet(
      {
        'arlon/bundles/web.yaml': definition(
          'Bundle',
          'web',
          '  source:\n    inline: {}\n',
        ),
        'bundles/web/web.yaml': WEB_BUNDLE,
        'arlon/bundles/extra.yaml': definition(
          'Bundle',
          'extra',
          '  source:\n    inline: {}\n',
        ),
        'bundles/extra/extra.yaml':
          'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: extra}\ndata: {a: b}\n',
        'arlon/profiles/web.yaml': definition(
          'Profile',
          'web',
          '  bundles: [web, readonly-rbac]\n',
        ),
        'arlon/clusters/qa-1.yaml': definition(
          'Cluster',
          'qa-1',
          '  clusterSpec: docker-dev\n  profiles: [web]\n',
        ),
        'arlon/clusters/qa-2.yaml': definition(
          'Cluster',
          'qa-2',
          '  clusterSpec: docker-dev\n  profiles: [web]\n',
        ),
      },
      'web bundle and two QA clusters',
    );
    const qa1 = await provision('qa-1');
    await provision('qa-2');
    // The bundle applied as `kubectl apply` would: with its last-applied annotation.
    workload = KubernetesObjectApi.makeApiClient(qa1);
    await workload.create({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'web' },
    });
    for (const doc of parseAllDocuments(WEB_BUNDLE)) {
      const o = doc.toJS();
      o.metadata.namespace = 'web';
      o.metadata.annotations = {
        'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify(o),
      };
      await workload.create(o);
    }
    // Then someone scales it by hand.
    await workload.patch(
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web', namespace: 'web' },
        spec: { replicas: 4 },
      } as any,
      undefined,
      undefined,
      'kubectl-scale',
      undefined,
      'application/merge-patch+json',
    );

    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        mockServices.permissions.mock({
          authorize: async reqs =>
            reqs.map(() => ({
              result: allow ? AuthorizeResult.ALLOW : AuthorizeResult.DENY,
            })) as any,
          // A comparison also asks about arlon.definition.read.
          authorizeConditional: async reqs =>
            reqs.map(() => ({
              result: allow ? AuthorizeResult.ALLOW : AuthorizeResult.DENY,
            })) as any,
        }).factory,
        mockServices.rootConfig.factory({
          data: {
            arlon: sandbox.arlonConfig(),
          },
        }),
      ],
    }));
  });
  afterAll(() => sandbox.stop());
  afterEach(() => {
    allow = true;
  });

  const compare = (body: object) =>
    request(server).post('/api/arlon/diff').send(body);

  it('reports exactly the field changed live when pre-flighting the bundle on the cluster', async () => {
    const res = await compare({
      left: { kind: 'cluster', name: 'qa-1' },
      right: { kind: 'bundle', name: 'web' },
    }).expect(200);
    expect(res.body.title).toBe('cluster qa-1 → bundle web');
    expect(res.body.summary).toEqual({
      create: 0,
      update: 1,
      delete: 0,
      unchanged: 2,
    });
    const [section] = res.body.sections;
    expect(section).toMatchObject({
      cluster: 'qa-1',
      method: 'server-side-dry-run',
    });
    expect(
      section.objects
        .filter((o: any) => o.action === 'update')
        .map((o: any) => [o.key, o.bundle, o.changes]),
    ).toEqual([
      [
        'apps/Deployment/web/web',
        'web',
        [{ path: 'spec.replicas', kind: 'changed', from: 4, to: 2 }],
      ],
    ]);
    expect(JSON.stringify(res.body)).not.toContain('s3cret');
  });

  it('pre-flights an unapplied bundle as creates only', async () => {
    const res = await compare({
      left: { kind: 'bundle', name: 'extra' },
      right: { kind: 'cluster', name: 'qa-1' },
    }).expect(200);
    expect(
      res.body.sections[0].objects.map((o: any) => [o.key, o.action]),
    ).toEqual([['/ConfigMap/extra/extra', 'create']]);
  });

  it('pre-flights a profile: its inline bundles object by object', async () => {
    const res = await compare({
      left: { kind: 'cluster', name: 'qa-1' },
      right: { kind: 'profile', name: 'web' },
    }).expect(200);
    expect(res.body.summary).toEqual({
      create: 2,
      update: 1,
      delete: 0,
      unchanged: 2,
    });
    expect(
      res.body.sections[0].objects
        .filter((o: any) => o.action === 'create')
        .map((o: any) => [o.kind, o.bundle]),
    ).toEqual([
      ['ClusterRole', 'readonly-rbac'],
      ['ClusterRoleBinding', 'readonly-rbac'],
    ]);
  });

  it('compares a cluster with another, and a bundle with every cluster, section by section', async () => {
    const pair = await compare({
      left: { kind: 'cluster', name: 'qa-1' },
      right: { kind: 'cluster', name: 'qa-2' },
      bundle: 'web',
    }).expect(200);
    // qa-2 runs nothing of the bundle: everything on qa-1 would go.
    expect(pair.body.summary).toEqual({
      create: 0,
      update: 0,
      delete: 3,
      unchanged: 0,
    });

    const every = await compare({
      left: { kind: 'bundle', name: 'web' },
      right: { kind: 'allClusters' },
    }).expect(200);
    const byCluster = Object.fromEntries(
      every.body.sections.map((s: any) => [s.cluster, s.error ?? s.summary]),
    );
    expect(byCluster['qa-1']).toEqual({
      create: 0,
      update: 1,
      delete: 0,
      unchanged: 2,
    });
    expect(byCluster['qa-2']).toEqual({
      create: 3,
      update: 0,
      delete: 0,
      unchanged: 0,
    });
    // Example clusters nobody provisioned say why they were not compared.
    expect(byCluster['prod-us-west']).toMatch(
      /^Cluster prod-us-west cannot be reached yet/,
    );
  });

  it('compares two definitions without any cluster', async () => {
    const res = await compare({
      left: { kind: 'bundle', name: 'extra' },
      right: { kind: 'profile', name: 'web' },
    }).expect(200);
    expect(res.body.sections[0].method).toBe('exact');
    expect(res.body.summary).toEqual({
      create: 5,
      update: 0,
      delete: 1,
      unchanged: 0,
    });
  });

  it('answers bad requests with what is wrong', async () => {
    const unknown = await compare({
      left: { kind: 'cluster', name: 'qa-1' },
      right: { kind: 'bundle', name: 'nope' },
    }).expect(404);
    expect(unknown.body.error.message).toBe(
      'There is no valid bundle named nope in the fleet repository',
    );
    const malformed = await compare({ left: { kind: 'widget' } }).expect(400);
    expect(malformed.body.error.message).toMatch(
      /^Expected \{ left, right \}.*left\.kind/,
    );
    const pair = await compare({
      left: { kind: 'cluster', name: 'qa-1' },
      right: { kind: 'allClusters' },
    }).expect(400);
    expect(pair.body.error.message).toMatch(
      /^Cannot compare cluster qa-1 with every cluster/,
    );
  });

  it('refuses without arlon.diff.read, naming the permission', async () => {
    allow = false;
    const res = await compare({
      left: { kind: 'bundle', name: 'web' },
      right: { kind: 'bundle', name: 'extra' },
    }).expect(403);
    expect(res.body.error.message).toContain('permission arlon.diff.read');
    await request(server).get('/api/arlon/diff/reports').expect(403);
    // Permission first: a file that is not a report is not judged for someone who may not import.
    await request(server)
      .post('/api/arlon/diff/reports/import')
      .send({ not: 'a report' })
      .expect(403);
  });

  it('saves, lists, opens, exports, imports and deletes reports', async () => {
    const { body: report } = await compare({
      left: { kind: 'cluster', name: 'qa-1' },
      right: { kind: 'bundle', name: 'web' },
    }).expect(200);
    const saved = await request(server)
      .post('/api/arlon/diff/reports')
      .send(report)
      .expect(201);
    expect(saved.body).toMatchObject({
      title: report.title,
      savedBy: 'user:default/mock',
    });

    const list = await request(server)
      .get('/api/arlon/diff/reports')
      .expect(200);
    expect(list.body.items.map((i: any) => [i.id, i.summary])).toEqual([
      [saved.body.id, report.summary],
    ]);
    expect(list.body.items[0].sections).toBeUndefined();

    const exported = await request(server)
      .get(`/api/arlon/diff/reports/${saved.body.id}/export`)
      .expect(200);
    expect(exported.headers['content-disposition']).toBe(
      'attachment; filename="cluster-qa-1-bundle-web.json"',
    );
    expect(exported.body).toEqual({
      apiVersion: 'arlon.io/v1',
      kind: 'DiffReport',
      ...report,
    });

    const imported = await request(server)
      .post('/api/arlon/diff/reports/import')
      .send(exported.body)
      .expect(201);
    expect(imported.body.id).not.toBe(saved.body.id);
    const opened = await request(server)
      .get(`/api/arlon/diff/reports/${imported.body.id}`)
      .expect(200);
    expect(opened.body.sections).toEqual(report.sections);

    const broken = await request(server)
      .post('/api/arlon/diff/reports/import')
      .send({ ...exported.body, summary: { create: -1 } })
      .expect(400);
    expect(broken.body.error.message).toContain('summary.create');
    await request(server)
      .post('/api/arlon/diff/reports/import')
      .send(report)
      .expect(400);
    // A report showing a Secret's value was not made by Arlon: it is not stored for others to read.
    const leaky = structuredClone(report);
    leaky.sections[0].objects.push({
      key: '/Secret/apps/db',
      group: '',
      kind: 'Secret',
      namespace: 'apps',
      name: 'db',
      action: 'create',
      changes: [],
      unified: '+data:\n+  password: aHVudGVyMg==\n',
    });
    const refused = await request(server)
      .post('/api/arlon/diff/reports')
      .send(leaky)
      .expect(400);
    expect(refused.body.error.message).toContain(
      '(Secret apps/db): data.password is not masked',
    );

    const other = await request(server)
      .delete(`/api/arlon/diff/reports/${saved.body.id}`)
      .set(
        'Authorization',
        mockCredentials.user.header('user:default/someone-else'),
      )
      .expect(403);
    expect(other.body.error.message).toBe(
      'Only user:default/mock, who saved this report, may delete it',
    );
    await request(server)
      .delete(`/api/arlon/diff/reports/${saved.body.id}`)
      .expect(204);
    await request(server)
      .get(`/api/arlon/diff/reports/${saved.body.id}`)
      .expect(404);
    const after = await request(server)
      .get('/api/arlon/diff/reports')
      .expect(200);
    expect(after.body.items.map((i: any) => i.id)).toEqual([imported.body.id]);
  });
});
