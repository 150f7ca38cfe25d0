import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { KubeApiServer, Sandbox } from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import { arlonPlugin } from '../plugin';

const run = promisify(execFile);
const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

const newCluster = `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: qa-1
spec:
  clusterSpec: docker-dev
  profiles: [apps]
`;

describe('definitions API', () => {
  let sandbox: Sandbox;
  const head = async () =>
    (
      await run('git', ['ls-remote', sandbox.fleetRepoUrl, 'refs/heads/main'])
    ).stdout.split('\t')[0];
  const remoteFiles = async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'clone-'));
    await run('git', ['clone', '-q', sandbox.fleetRepoUrl, dir]);
    const files = (await run('git', ['-C', dir, 'ls-files'])).stdout
      .split('\n')
      .filter(Boolean);
    await fs.rm(dir, { recursive: true, force: true });
    return files;
  };

  beforeEach(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      argocdResyncMs: 60_000,
    });
  });
  afterEach(() => sandbox.stop());

  async function backend(
    permission: AuthorizeResult = AuthorizeResult.ALLOW,
    managementClusters: object[] = [],
  ) {
    const { server } = await startTestBackend({
      features: [
        arlonPlugin,
        mockServices.rootConfig.factory({
          data: {
            arlon: {
              fleetRepo: { url: sandbox.fleetRepoUrl, branch: 'main' },
              managementClusters,
            },
          },
        }),
        mockServices.permissions.mock({
          authorize: async requests =>
            requests.map(() => ({ result: permission })) as any,
          authorizeConditional: async requests =>
            requests.map(() => ({ result: permission })) as any,
        }).factory,
      ],
    });
    if (permission === AuthorizeResult.ALLOW) {
      // The example's generated tree names another repository URL: bring it in line first.
      const regenerated = await request(server)
        .post('/api/arlon/regenerate')
        .expect(200);
      expect(regenerated.body.files.length).toBeGreaterThan(0);
    }
    return server;
  }

  it('lists and gets definitions with their file and line', async () => {
    const server = await backend();
    const list = await request(server).get('/api/arlon/clusters').expect(200);
    expect(list.body.items.map((i: any) => i.name)).toEqual([
      'dev-local',
      'edge-imported',
      'prod-us-west',
      'staging-eu',
    ]);
    expect(list.body.commit).toBe(await head());
    const one = await request(server)
      .get('/api/arlon/profiles/apps')
      .expect(200);
    expect(one.body).toMatchObject({
      kind: 'Profile',
      name: 'apps',
      file: 'arlon/profiles/apps.yaml',
      line: 1,
      problems: [],
    });
    await request(server).get('/api/arlon/profiles/nope').expect(404);
    await request(server).get('/api/arlon/widgets').expect(404);
  });

  it('shows a dry run exactly and writes nothing', async () => {
    const server = await backend();
    const before = await head();
    const res = await request(server)
      .post('/api/arlon/clusters?dryRun=true')
      .set('Content-Type', 'application/yaml')
      .send(newCluster)
      .expect(200);
    expect(res.body.files.map((f: any) => [f.path, f.action])).toEqual([
      ['arlon/clusters/qa-1.yaml', 'create'],
      ['generated/argocd/clusters/qa-1.yaml', 'create'],
      // The clusters' AppProject now permits the namespace qa-1.
      ['generated/argocd/projects/arlon-clusters.yaml', 'update'],
      ['generated/clusters/qa-1/cluster.yaml', 'create'],
      ['generated/values/qa-1/guestbook.yaml', 'create'],
    ]);
    expect(res.body.files[0].content).toBe(newCluster);
    expect(await head()).toBe(before);
  });

  it('creates a cluster as one commit with what it generates, and refuses a second create', async () => {
    const server = await backend();
    const res = await request(server)
      .post('/api/arlon/clusters')
      .set('Content-Type', 'application/yaml')
      .send(newCluster)
      .expect(201);
    expect(res.body.commit).toBe(await head());
    expect(await remoteFiles()).toEqual(
      expect.arrayContaining([
        'arlon/clusters/qa-1.yaml',
        'generated/clusters/qa-1/cluster.yaml',
      ]),
    );
    const { stdout } = await run('git', [
      '-C',
      path.dirname(sandbox.kubeconfigPath),
      '--git-dir',
      'fleet.git',
      'log',
      '-1',
      '--format=%an|%s',
    ]);
    expect(stdout.trim()).toBe(
      `${mockCredentials.user().principal.userEntityRef}|Create Cluster qa-1`,
    );
    const again = await request(server)
      .post('/api/arlon/clusters')
      .set('Content-Type', 'application/yaml')
      .send(newCluster)
      .expect(409);
    expect(again.body.error.message).toBe(
      'A Cluster named "qa-1" already exists; update it instead',
    );
  });

  it('refuses a cluster whose Cluster API kinds its management cluster does not serve, writing nothing', async () => {
    const bare = await KubeApiServer.start({ token: 'bare-token' });
    try {
      const server = await backend(AuthorizeResult.ALLOW, [
        {
          name: 'bare',
          url: bare.url,
          serviceAccountToken: 'bare-token',
          skipTLSVerify: true,
        },
      ]);
      const before = await head();
      const res = await request(server)
        .post('/api/arlon/clusters')
        .set('Content-Type', 'application/yaml')
        .send(newCluster)
        .expect(400);
      expect(res.body.problems).toEqual([
        {
          file: 'arlon/clusters/qa-1.yaml',
          line: 6,
          column: 3,
          field: 'spec.clusterSpec',
          message:
            "Management cluster bare does not serve ClusterClass (cluster.x-k8s.io/v1beta2), KubeadmControlPlaneTemplate (controlplane.cluster.x-k8s.io/v1beta2), KubeadmConfigTemplate (bootstrap.cluster.x-k8s.io/v1beta2), Cluster (cluster.x-k8s.io/v1beta2), which this cluster's Cluster API manifests need",
          hint: 'Install Cluster API on it: clusterctl init (the core, kubeadm bootstrap and control plane providers)',
        },
        {
          file: 'arlon/clusters/qa-1.yaml',
          line: 6,
          column: 3,
          field: 'spec.clusterSpec',
          message:
            "Management cluster bare does not serve DockerClusterTemplate (infrastructure.cluster.x-k8s.io/v1beta1), DockerMachineTemplate (infrastructure.cluster.x-k8s.io/v1beta1), which this cluster's Cluster API manifests need",
          hint: 'Install the Docker, for local clusters (CAPD) provider on it: clusterctl init --infrastructure docker',
        },
      ]);
      expect(await head()).toBe(before);
    } finally {
      await bare.stop();
    }
  });

  it('answers 400 with every problem, file, line and field, writing nothing', async () => {
    const server = await backend();
    const before = await head();
    const res = await request(server)
      .put('/api/arlon/clusters/dev-local')
      .set('Content-Type', 'application/yaml')
      .send(
        'apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: dev-local\nspec:\n  clusterSpec: docker-dev\n  profiles: [apps, nope]\n  mode: copied\n',
      )
      .expect(400);
    expect(res.body.problems).toEqual([
      expect.objectContaining({
        file: 'arlon/clusters/dev-local.yaml',
        line: 8,
        field: 'spec.mode',
        message: 'spec.mode must be one of "linked", "cloned"',
      }),
    ]);
    const bad = await request(server)
      .put('/api/arlon/profiles/apps')
      .set('Content-Type', 'application/yaml')
      .send(
        'apiVersion: core.arlon.io/v1\nkind: Profile\nmetadata:\n  name: apps\nspec:\n  bundles: [guestbook\n',
      )
      .expect(400);
    expect(bad.body.problems[0]).toMatchObject({
      file: 'arlon/profiles/apps.yaml',
      message: expect.stringMatching(/^YAML syntax error/),
    });
    const ref = await request(server)
      .put('/api/arlon/profiles/apps')
      .send({
        apiVersion: 'core.arlon.io/v1',
        kind: 'Profile',
        metadata: { name: 'apps' },
        spec: { bundles: ['guestbook', 'redis'] },
      })
      .expect(400);
    expect(ref.body.problems).toEqual([
      expect.objectContaining({
        field: 'spec.bundles[1]',
        message: 'bundle "redis" does not exist',
      }),
    ]);
    expect(await head()).toBe(before);
  });

  it('refuses a body that is for another kind or name, or too large', async () => {
    const server = await backend();
    const other = await request(server)
      .put('/api/arlon/profiles/apps')
      .set('Content-Type', 'application/yaml')
      .send(newCluster)
      .expect(400);
    expect(other.body.error.message).toBe(
      'The body is a Cluster, but the URL is for a Profile',
    );
    const renamed = await request(server)
      .put('/api/arlon/clusters/dev-local')
      .set('Content-Type', 'application/yaml')
      .send(newCluster)
      .expect(400);
    expect(renamed.body.error.message).toBe(
      'The body names "qa-1", but the URL names "dev-local"',
    );
    await request(server)
      .post('/api/arlon/clusters')
      .set('Content-Type', 'application/yaml')
      .send(`${newCluster}# ${'x'.repeat(300_000)}\n`)
      .expect(413);
  });

  it('deletes a cluster with its generated files, and refuses to delete a bundle still in use', async () => {
    const server = await backend();
    await request(server).delete('/api/arlon/clusters/dev-local').expect(200);
    const files = await remoteFiles();
    expect(files.filter(f => f.includes('dev-local'))).toEqual([]);
    const inUse = await request(server)
      .delete('/api/arlon/bundles/guestbook')
      .expect(400);
    expect(inUse.body.problems[0]).toMatchObject({
      file: 'arlon/profiles/apps.yaml',
      message: 'bundle "guestbook" does not exist',
    });
    await request(server).delete('/api/arlon/clusters/nope').expect(404);
  });

  it('refuses a denied permission with 403 and writes nothing', async () => {
    await backend();
    const server = await backend(AuthorizeResult.DENY);
    const before = await head();
    const res = await request(server)
      .post('/api/arlon/clusters')
      .set('Content-Type', 'application/yaml')
      .send(newCluster)
      .expect(403);
    expect(res.body.error.message).toBe(
      'You may not create Cluster definitions (permission arlon.cluster.create)',
    );
    expect(await head()).toBe(before);
  });

  it('keeps both of two concurrent writes', async () => {
    const server = await backend();
    const [a, b] = await Promise.all([
      request(server)
        .post('/api/arlon/clusters')
        .set('Content-Type', 'application/yaml')
        .send(newCluster),
      request(server)
        .post('/api/arlon/clusters')
        .set('Content-Type', 'application/yaml')
        .send(newCluster.replace(/qa-1/g, 'qa-2')),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await remoteFiles()).toEqual(
      expect.arrayContaining([
        'arlon/clusters/qa-1.yaml',
        'arlon/clusters/qa-2.yaml',
      ]),
    );
  });

  it('refuses requests without a token', async () => {
    const server = await backend();
    await request(server)
      .get('/api/arlon/clusters')
      .set('Authorization', mockCredentials.none.header())
      .expect(401);
  });
});
