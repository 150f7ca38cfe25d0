import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import {
  AuthorizeResult,
  type Permission,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import {
  arlonConditions,
  createArlonConditionalDecision,
} from '@arlon-backstage/plugin-arlon-node';
import request from 'supertest';
import { arlonPlugin } from './plugin';

const run = promisify(execFile);
const EXAMPLE = path.resolve(__dirname, '../../../examples/fleet');

const ALLOW: PolicyDecision = { result: AuthorizeResult.ALLOW };
const DENY: PolicyDecision = { result: AuthorizeResult.DENY };

/** The policy under test: the answer per permission. */
let decide: (permission: Permission) => PolicyDecision = () => ALLOW;
const denyOnly = (name: string) => (p: Permission) =>
  p.name === name ? DENY : ALLOW;
const allowOnly =
  (...names: string[]) =>
  (p: Permission) =>
    names.includes(p.name) ? ALLOW : DENY;
/** Everything, except these permissions only on definitions the claims own. */
const ownerOf =
  (claims: string[], ...names: string[]) =>
  (p: Permission): PolicyDecision =>
    names.includes(p.name) && p.type === 'resource'
      ? createArlonConditionalDecision(
          p as any,
          arlonConditions.isArlonOwner({ claims }),
        )
      : ALLOW;

const cluster = (name: string, extra = '') => `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: ${name}${extra}
spec:
  clusterSpec: docker-dev
  profiles: [apps]
`;
const bundle = `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: extra
spec:
  source:
    git:
      repoUrl: https://github.com/argoproj/argocd-example-apps.git
      path: guestbook
      revision: HEAD
      type: directory
`;
const profile = `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: apps
spec:
  bundles: [guestbook]
`;

type Route = {
  route: string;
  permission: string;
  send: (server: any) => request.Test;
  /** The status when only `permission` is allowed (anything but 403). */
  allowed: number;
};

/** Every route of the REST API and the one permission it needs. */
const ROUTES: Route[] = [
  {
    route: 'GET /health',
    permission: 'arlon.fleet.read',
    send: s => request(s).get('/api/arlon/health'),
    allowed: 200,
  },
  {
    route: 'GET /verify',
    permission: 'arlon.fleet.read',
    send: s => request(s).get('/api/arlon/verify'),
    allowed: 200,
  },
  {
    route: 'POST /bootstrap',
    permission: 'arlon.fleet.admin',
    send: s => request(s).post('/api/arlon/bootstrap?cluster=nope'),
    allowed: 404,
  },
  {
    route: 'POST /regenerate',
    permission: 'arlon.fleet.admin',
    send: s => request(s).post('/api/arlon/regenerate?dryRun=true'),
    allowed: 200,
  },
  {
    route: 'GET /clusters',
    permission: 'arlon.definition.read',
    send: s => request(s).get('/api/arlon/clusters'),
    allowed: 200,
  },
  {
    route: 'GET /profiles/:name',
    permission: 'arlon.definition.read',
    send: s => request(s).get('/api/arlon/profiles/apps'),
    allowed: 200,
  },
  {
    route: 'POST /bundles',
    permission: 'arlon.definition.create',
    send: s =>
      request(s)
        .post('/api/arlon/bundles?dryRun=true')
        .set('Content-Type', 'application/yaml')
        .send(bundle),
    allowed: 200,
  },
  {
    route: 'PUT /profiles/:name',
    permission: 'arlon.definition.update',
    send: s =>
      request(s)
        .put('/api/arlon/profiles/apps?dryRun=true')
        .set('Content-Type', 'application/yaml')
        .send(profile),
    allowed: 200,
  },
  {
    route: 'GET /profiles/:name/source',
    permission: 'arlon.definition.read',
    // Without update: the source, marked read-only.
    send: s => request(s).get('/api/arlon/profiles/apps/source'),
    allowed: 200,
  },
  {
    route: 'POST /profiles/:name/check',
    permission: 'arlon.definition.update',
    send: s =>
      request(s)
        .post('/api/arlon/profiles/apps/check')
        .set('Content-Type', 'application/yaml')
        .send(profile),
    allowed: 200,
  },
  {
    route: 'POST /clusters/:name/check',
    permission: 'arlon.cluster.update',
    send: s =>
      request(s)
        .post('/api/arlon/clusters/dev-local/check')
        .set('Content-Type', 'application/yaml')
        .send(cluster('dev-local')),
    allowed: 200,
  },
  {
    route: 'DELETE /bundles/:name',
    permission: 'arlon.definition.delete',
    // In use by a profile: refused by validation (400), after the permission.
    send: s => request(s).delete('/api/arlon/bundles/guestbook?dryRun=true'),
    allowed: 400,
  },
  {
    route: 'POST /clusters',
    permission: 'arlon.cluster.create',
    send: s =>
      request(s)
        .post('/api/arlon/clusters?dryRun=true')
        .set('Content-Type', 'application/yaml')
        .send(cluster('qa-9')),
    allowed: 200,
  },
  {
    route: 'PUT /clusters/:name',
    permission: 'arlon.cluster.update',
    send: s =>
      request(s)
        .put('/api/arlon/clusters/dev-local?dryRun=true')
        .set('Content-Type', 'application/yaml')
        .send(cluster('dev-local')),
    allowed: 200,
  },
  {
    route: 'DELETE /clusters/:name',
    permission: 'arlon.cluster.delete',
    send: s => request(s).delete('/api/arlon/clusters/dev-local?dryRun=true'),
    allowed: 200,
  },
  {
    route: 'POST /clusters/:name/unregister',
    permission: 'arlon.cluster.delete',
    // A dry run on the example's external cluster: what would be removed.
    send: s =>
      request(s).post(
        '/api/arlon/clusters/edge-imported/unregister?dryRun=true',
      ),
    allowed: 200,
  },
  {
    route: 'POST /profiles/apply',
    permission: 'arlon.profile.apply',
    send: s =>
      request(s)
        .post('/api/arlon/profiles/apply?dryRun=true')
        .send({ profiles: ['apps'], clusters: ['edge-imported'] }),
    allowed: 200,
  },
  {
    route: 'POST /profiles/remove',
    permission: 'arlon.profile.apply',
    send: s =>
      request(s)
        .post('/api/arlon/profiles/remove?dryRun=true')
        .send({ profiles: ['infrastructure'], clusters: ['edge-imported'] }),
    allowed: 200,
  },
  {
    route: 'POST /clusters/import',
    permission: 'arlon.cluster.create',
    // No kubeconfig nor ArgoCD cluster: a 400, after the permission.
    send: s =>
      request(s).post('/api/arlon/clusters/import').send({ name: 'edge-2' }),
    allowed: 400,
  },
  ...(['sync', 'refresh', 'update'] as const).map(action => ({
    route: `POST /clusters/:name/${action}`,
    permission: 'arlon.cluster.update',
    // No live applications in this test: a 404, after the permission.
    send: (s: any) =>
      request(s).post(`/api/arlon/clusters/dev-local/${action}`),
    allowed: 404,
  })),
  {
    route: 'POST /diff',
    permission: 'arlon.diff.read',
    send: s => request(s).post('/api/arlon/diff').send({}),
    allowed: 400,
  },
  {
    route: 'GET /diff/reports',
    permission: 'arlon.diff.read',
    send: s => request(s).get('/api/arlon/diff/reports'),
    allowed: 200,
  },
  {
    route: 'GET /diff/reports/:id',
    permission: 'arlon.diff.read',
    send: s => request(s).get('/api/arlon/diff/reports/nope'),
    allowed: 404,
  },
  {
    route: 'GET /diff/reports/:id/export',
    permission: 'arlon.diff.read',
    send: s => request(s).get('/api/arlon/diff/reports/nope/export'),
    allowed: 404,
  },
  {
    route: 'POST /diff/reports',
    permission: 'arlon.diff.report.write',
    send: s => request(s).post('/api/arlon/diff/reports').send({}),
    allowed: 400,
  },
  {
    route: 'POST /diff/reports/import',
    permission: 'arlon.diff.report.write',
    send: s => request(s).post('/api/arlon/diff/reports/import').send({}),
    allowed: 400,
  },
  {
    route: 'DELETE /diff/reports/:id',
    permission: 'arlon.diff.report.write',
    send: s => request(s).delete('/api/arlon/diff/reports/nope'),
    allowed: 404,
  },
];

describe('REST API permissions (hostile)', () => {
  let sandbox: Sandbox;
  let server: any;
  const head = async () =>
    (
      await run('git', ['ls-remote', sandbox.fleetRepoUrl, 'refs/heads/main'])
    ).stdout.split('\t')[0];
  const clusterFile = async (name: string) =>
    (await request(server).get(`/api/arlon/clusters/${name}`).expect(200)).body
      .definition;

  beforeAll(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      argocdResyncMs: 60_000,
    });
    const permissions = mockServices.permissions.mock({
      authorize: async requests =>
        requests.map(r => {
          const d = decide(r.permission);
          // authorize() never resolves conditions here: a condition is no allow.
          return d.result === AuthorizeResult.CONDITIONAL ? DENY : d;
        }) as any,
      authorizeConditional: async requests =>
        requests.map(r => decide(r.permission)) as any,
    });
    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        permissions.factory,
        mockServices.rootConfig.factory({
          data: {
            arlon: sandbox.arlonConfig(),
            catalog: {
              providers: {
                arlon: { defaultOwner: 'group:default/platform' },
              },
            },
          },
        }),
      ],
    }));
    // The example's generated tree names another repository URL: bring it in line.
    await request(server).post('/api/arlon/regenerate').expect(200);
    // dev-local is team-a's, staging-eu team-b's.
    for (const [name, owner] of [
      ['dev-local', 'group:default/team-a'],
      ['staging-eu', 'group:default/team-b'],
    ]) {
      const definition = await clusterFile(name);
      definition.metadata.annotations = { 'arlon.io/owner': owner };
      await request(server)
        .put(`/api/arlon/clusters/${name}`)
        .send(definition)
        .expect(200);
    }
  }, 60_000);
  afterAll(() => sandbox.stop());
  afterEach(() => {
    decide = () => ALLOW;
  });

  describe.each(ROUTES)('$route', ({ permission, send, allowed }) => {
    it(`answers 403 naming ${permission} when only that is denied, and commits nothing`, async () => {
      const before = await head();
      decide = denyOnly(permission);
      const res = await send(server);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toContain(`permission ${permission}`);
      expect(await head()).toBe(before);
    });

    it(`needs nothing but ${permission}`, async () => {
      decide = allowOnly(permission);
      const res = await send(server);
      expect(res.body.error?.message ?? '').not.toMatch(/permission arlon/);
      expect([res.status, res.body.error?.message]).toEqual([
        allowed,
        res.body.error?.message,
      ]);
    });
  });

  // A body over the report limit is a 413 once read: a 403 means it was not.
  it.each([
    ['POST /diff/reports', 'arlon.diff.report.write'],
    ['POST /diff/reports/import', 'arlon.diff.report.write'],
    ['POST /diff', 'arlon.diff.read'],
  ])('%s reads no body for a caller without %s', async (route, permission) => {
    decide = denyOnly(permission);
    const res = await request(server)
      .post(`/api/arlon${route.split(' ')[1]}`)
      .send({ pad: 'x'.repeat(5 * 1024 * 1024) });
    expect([res.status, res.body.error?.message]).toEqual([
      403,
      expect.stringContaining(`permission ${permission}`),
    ]);
  });

  it('a list the policy conditions on the owner shows only what the user owns', async () => {
    decide = ownerOf(['group:default/team-a'], 'arlon.definition.read');
    const res = await request(server).get('/api/arlon/clusters').expect(200);
    expect(res.body.items.map((i: any) => i.name)).toEqual(['dev-local']);
    await request(server).get('/api/arlon/clusters/staging-eu').expect(403);
  });

  describe('a comparison reads only definitions the caller may read', () => {
    const compare = (body: object) =>
      request(server).post('/api/arlon/diff').send(body);
    const teamAReads = () =>
      (decide = ownerOf(['group:default/team-a'], 'arlon.definition.read'));
    const refusal = (name: string, owner: string) =>
      `You may not compare definitions you may not read: Cluster "${name}" (owner ${owner}) (permission arlon.definition.read); ask an owner or an Arlon admin`;

    it("refuses another team's cluster on the right, naming it and the permission", async () => {
      teamAReads();
      const res = await compare({
        left: { kind: 'cluster', name: 'dev-local' },
        right: { kind: 'cluster', name: 'staging-eu' },
      });
      expect([res.status, res.body.error?.message]).toEqual([
        403,
        refusal('staging-eu', 'group:default/team-b'),
      ]);
    });

    it("refuses another team's cluster on the left, before any cluster is read", async () => {
      teamAReads();
      const res = await compare({
        left: { kind: 'cluster', name: 'staging-eu' },
        right: { kind: 'profile', name: 'apps' },
      });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toContain('Cluster "staging-eu"');
      expect(res.body.error.message).toContain(
        'permission arlon.definition.read',
      );
      // The profile (the apps team's) is named too: it is not team-a's.
      expect(res.body.error.message).toContain(
        'Profile "apps" (owner group:default/apps)',
      );
    });

    it("refuses another team's bundle", async () => {
      teamAReads();
      const res = await compare({
        left: { kind: 'bundle', name: 'guestbook' },
        right: { kind: 'cluster', name: 'dev-local' },
      });
      expect([res.status, res.body.error?.message]).toEqual([
        403,
        'You may not compare definitions you may not read: Bundle "guestbook" (owner group:default/apps) (permission arlon.definition.read); ask an owner or an Arlon admin',
      ]);
    });

    it('refuses a cluster-to-cluster comparison limited to a bundle the caller may not read', async () => {
      teamAReads();
      const res = await compare({
        left: { kind: 'cluster', name: 'dev-local' },
        right: { kind: 'cluster', name: 'dev-local' },
        bundle: 'guestbook',
      });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toContain('Bundle "guestbook"');
      expect(res.body.error.message).not.toContain('Cluster "dev-local"');
    });

    it('compares what the team owns: past the permission, to the cluster itself', async () => {
      teamAReads();
      const res = await compare({
        left: { kind: 'cluster', name: 'dev-local' },
        right: { kind: 'cluster', name: 'dev-local' },
      });
      // The sandbox never provisioned dev-local: the comparison got as far as reading it.
      expect([res.status, res.body.error?.message]).toEqual([
        404,
        expect.stringMatching(/^Cluster dev-local cannot be reached yet/),
      ]);
    });

    it('leaves out of an every-cluster comparison the clusters the caller may not read, saying how many', async () => {
      const total = (await request(server).get('/api/arlon/clusters')).body
        .items.length;
      // Team-a reads the apps team's profile too; of the clusters, only its own.
      decide = ownerOf(
        ['group:default/team-a', 'group:default/apps'],
        'arlon.definition.read',
      );
      const res = await compare({
        left: { kind: 'profile', name: 'apps' },
        right: { kind: 'allClusters' },
      }).expect(200);
      const clusters = res.body.sections
        .map((s: any) => s.cluster)
        .filter(Boolean);
      expect(clusters).toContain('dev-local');
      expect(clusters).not.toContain('staging-eu');
      expect(JSON.stringify(res.body)).not.toContain('staging-eu');
      const note = res.body.sections.at(-1);
      expect(note.cluster).toBeUndefined();
      expect(clusters).toEqual(['dev-local']);
      expect(note.notes).toEqual([
        `${
          total - 1
        } clusters of the fleet were left out: you may not read them (permission arlon.definition.read); ask an owner or an Arlon admin`,
      ]);
    });

    it('an every-cluster comparison under the shipped policy reads every cluster and leaves none out', async () => {
      const res = await compare({
        left: { kind: 'profile', name: 'apps' },
        right: { kind: 'allClusters' },
      }).expect(200);
      const clusters = res.body.sections.map((s: any) => s.cluster);
      expect(clusters).toContain('staging-eu');
      expect(clusters).toContain('dev-local');
      expect(clusters.every(Boolean)).toBe(true);
    });
  });

  it('an owner of cluster dev-local may update it, and gets 403 on staging-eu with nothing committed', async () => {
    decide = ownerOf(['group:default/team-a'], 'arlon.cluster.update');
    const mine = await clusterFile('dev-local');
    mine.metadata.labels = { ...mine.metadata.labels, tier: 'gold' };
    const before = await head();
    await request(server)
      .put('/api/arlon/clusters/dev-local')
      .send(mine)
      .expect(200);
    expect(await head()).not.toBe(before);

    const theirs = await clusterFile('staging-eu');
    theirs.metadata.labels = { ...theirs.metadata.labels, tier: 'gold' };
    const after = await head();
    const res = await request(server)
      .put('/api/arlon/clusters/staging-eu')
      .send(theirs)
      .expect(403);
    expect(res.body.error.message).toBe(
      'You may not update this definition: Cluster "staging-eu" (owner group:default/team-b) (permission arlon.cluster.update); ask an owner or an Arlon admin',
    );
    expect(await head()).toBe(after);
    expect((await clusterFile('staging-eu')).metadata.labels.tier).toBe(
      undefined,
    );
  });

  it('an owner may not hand their cluster to another team', async () => {
    decide = ownerOf(['group:default/team-a'], 'arlon.cluster.update');
    const mine = await clusterFile('dev-local');
    mine.metadata.annotations['arlon.io/owner'] = 'group:default/team-b';
    const before = await head();
    const res = await request(server)
      .put('/api/arlon/clusters/dev-local?dryRun=true')
      .send(mine)
      .expect(403);
    expect(res.body.error.message).toMatch(
      /^You may not hand Cluster "dev-local" to group:default\/team-b/,
    );
    expect(await head()).toBe(before);
  });

  it('an owner may sync their own cluster but not another team’s', async () => {
    decide = ownerOf(['group:default/team-a'], 'arlon.cluster.update');
    // Past the permission: no live applications here (404).
    await request(server)
      .post('/api/arlon/clusters/dev-local/sync')
      .expect(404);
    const res = await request(server)
      .post('/api/arlon/clusters/staging-eu/sync')
      .expect(403);
    expect(res.body.error.message).toContain('Cluster "staging-eu"');
  });

  it('applying a profile by selector to clusters of another team is refused whole', async () => {
    decide = ownerOf(['group:default/team-a'], 'arlon.profile.apply');
    const before = await head();
    const res = await request(server)
      .post('/api/arlon/profiles/apply')
      .send({ profiles: ['apps'], selector: 'env in (dev,staging)' })
      .expect(403);
    expect(res.body.error.message).toContain('Cluster "staging-eu"');
    expect(res.body.error.message).not.toContain('Cluster "dev-local"');
    expect(await head()).toBe(before);
  });

  it('turning a built cluster external needs arlon.cluster.delete, not only update', async () => {
    decide = denyOnly('arlon.cluster.delete');
    const definition = await clusterFile('dev-local');
    delete definition.spec.clusterSpec;
    definition.spec.external = { server: 'https://edge-9.example.com:6443' };
    const before = await head();
    const res = await request(server)
      .put('/api/arlon/clusters/dev-local')
      .send(definition)
      .expect(403);
    expect(res.body.error.message).toMatch(
      /^This update turns a built cluster into an external one .* needs permission arlon\.cluster\.delete on Cluster "dev-local"/,
    );
    expect(await head()).toBe(before);
    expect((await clusterFile('dev-local')).spec.clusterSpec).toBe(
      'docker-dev',
    );
  });

  it("changing a built cluster's cluster spec needs arlon.cluster.delete", async () => {
    decide = denyOnly('arlon.cluster.delete');
    const definition = await clusterFile('dev-local');
    definition.spec.clusterSpec = 'aws-kubeadm';
    const before = await head();
    const res = await request(server)
      .put('/api/arlon/clusters/dev-local?dryRun=true')
      .send(definition)
      .expect(403);
    expect(res.body.error.message).toContain('docker-dev → aws-kubeadm');
    expect(await head()).toBe(before);
  });

  it("changing a built cluster's mode needs arlon.cluster.delete", async () => {
    decide = denyOnly('arlon.cluster.delete');
    const definition = await clusterFile('prod-us-west');
    definition.spec.mode = 'cloned';
    const res = await request(server)
      .put('/api/arlon/clusters/prod-us-west?dryRun=true')
      .send(definition)
      .expect(403);
    expect(res.body.error.message).toContain('linked → cloned');
  });

  describe('a cloned cluster is built from its frozen copy', () => {
    const eks = {
      provider: 'aws',
      type: 'eks',
      kubernetesVersion: 'v1.29.4',
      region: 'us-west-2',
      network: { vpcId: 'vpc-0a1b2c3d4e5f67890' },
      nodePools: [{ name: 'general', machineType: 't3.large', replicas: 3 }],
    };
    beforeAll(async () => {
      await sandbox.pushToFleet(
        {
          'arlon/clusters/cloned-1.yaml': `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: cloned-1
spec:
  clusterSpec: aws-eks
  mode: cloned
  clonedFrom:
    revision: abc1234
    spec: ${JSON.stringify(eks)}
`,
        },
        'a cloned cluster',
      );
    });

    /** PUT cloned-1 with `change` applied to its frozen spec, update allowed and delete denied. */
    const editFrozen = async (change: (spec: any) => void) => {
      decide = denyOnly('arlon.cluster.delete');
      const definition = await clusterFile('cloned-1');
      change(definition.spec.clonedFrom.spec);
      return request(server)
        .put('/api/arlon/clusters/cloned-1?dryRun=true')
        .send(definition);
    };

    it.each([
      [
        'provider and type',
        (s: any) => Object.assign(s, { provider: 'docker', type: 'kubeadm' }),
      ],
      ['region', (s: any) => (s.region = 'eu-west-1')],
      ['network', (s: any) => (s.network = { vpcId: 'vpc-other' })],
      ['every node pool', (s: any) => (s.nodePools = [])],
      [
        'a node pool renamed (replaced)',
        (s: any) => (s.nodePools[0].name = 'other'),
      ],
    ])(
      'editing its frozen %s needs arlon.cluster.delete',
      async (_what, change) => {
        const before = await head();
        const res = await editFrozen(change);
        expect(res.status).toBe(403);
        expect(res.body.error.message).toMatch(
          /spec\.clonedFrom\.spec.*needs permission arlon\.cluster\.delete on Cluster "cloned-1"/,
        );
        expect(await head()).toBe(before);
      },
    );

    it('scaling or upgrading it through its frozen copy is an ordinary update', async () => {
      const res = await editFrozen(s => {
        s.nodePools[0].replicas = 5;
        s.kubernetesVersion = 'v1.30.1';
      });
      expect(res.status).toBe(200);
    });
  });

  describe('a ClusterSpec edit rebuilds the linked clusters that follow it', () => {
    /** PUT the aws-eks ClusterSpec (prod-us-west follows it) with `change`, delete denied. */
    const editSpec = async (change: (spec: any) => void) => {
      decide = denyOnly('arlon.cluster.delete');
      const definition = (
        await request(server).get('/api/arlon/clusterspecs/aws-eks').expect(200)
      ).body.definition;
      change(definition.spec);
      return request(server)
        .put('/api/arlon/clusterspecs/aws-eks?dryRun=true')
        .send(definition);
    };

    it.each([
      ['region', (s: any) => (s.region = 'eu-west-1')],
      [
        'provider and type',
        (s: any) => Object.assign(s, { provider: 'docker', type: 'kubeadm' }),
      ],
      ['node pools', (s: any) => (s.nodePools = [])],
    ])(
      'changing its %s needs arlon.cluster.delete on every follower',
      async (_what, change) => {
        const before = await head();
        const res = await editSpec(change);
        expect(res.status).toBe(403);
        expect(res.body.error.message).toMatch(
          /ClusterSpec "aws-eks" .* for Cluster "prod-us-west", which follows it .*arlon\.cluster\.delete/,
        );
        expect(await head()).toBe(before);
      },
    );

    it('scaling its node pool is an ordinary update', async () => {
      const res = await editSpec(s => {
        s.nodePools[0].replicas = 4;
      });
      expect(res.status).toBe(200);
    });
  });

  it('an owner with update but not delete may not rebuild their own cluster', async () => {
    decide = (p: Permission) =>
      p.name === 'arlon.cluster.delete'
        ? DENY
        : ownerOf(['group:default/team-a'], 'arlon.cluster.update')(p);
    const definition = await clusterFile('dev-local');
    definition.spec.clusterSpec = 'aws-kubeadm';
    await request(server)
      .put('/api/arlon/clusters/dev-local?dryRun=true')
      .send(definition)
      .expect(403);
  });
});
