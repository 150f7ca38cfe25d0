import fs from 'node:fs/promises';
import path from 'node:path';
import { KubeApiServer } from '@arlon-backstage/arlon-sandbox';
import { ManagementClusters } from '@arlon-backstage/plugin-arlon-node';
import { parse } from 'yaml';
import { stepContext, TestFleet } from '../__testUtils__/testFleet';
import { createClusterCreateAction } from './clusterCreate';

const qa1 = {
  name: 'qa-1',
  clusterSpec: 'docker-dev',
  profiles: ['infrastructure'],
  labels: { env: 'qa' },
  owner: 'group:default/platform',
};

describe('arlon:cluster:create', () => {
  let fleet: Awaited<ReturnType<typeof TestFleet.start>>;
  let action: ReturnType<typeof createClusterCreateAction>;

  beforeAll(async () => {
    fleet = await TestFleet.start();
    action = createClusterCreateAction(fleet.options);
  });
  afterAll(() => fleet.stop());
  afterEach(() => {
    fleet.allow = true;
  });

  it('writes the cluster and its generated files as one commit, and outputs its entity and commit', async () => {
    const before = await fleet.commits();
    const { ctx, outputs } = stepContext(qa1);
    await action.handler(ctx);
    expect(await fleet.commits()).toBe(before + 1);
    expect(outputs).toEqual({
      entityRef: 'resource:default/qa-1',
      commit: await fleet.head(),
      files: [
        'create arlon/clusters/qa-1.yaml',
        'create generated/argocd/clusters/qa-1.yaml',
        // The clusters' AppProject now permits the namespace qa-1.
        'update generated/argocd/projects/arlon-clusters.yaml',
        'create generated/clusters/qa-1/cluster.yaml',
        // Merged values of the profile's Helm bundles.
        'create generated/values/qa-1/calico.yaml',
        'create generated/values/qa-1/cert-manager.yaml',
      ],
    });
    expect(parse((await fleet.file('arlon/clusters/qa-1.yaml'))!)).toEqual({
      apiVersion: 'core.arlon.io/v1',
      kind: 'Cluster',
      metadata: {
        name: 'qa-1',
        labels: { env: 'qa' },
        annotations: { 'arlon.io/owner': 'group:default/platform' },
      },
      spec: { clusterSpec: 'docker-dev', profiles: ['infrastructure'] },
    });
  });

  it('makes no second commit when run again with the same input', async () => {
    const before = await fleet.commits();
    const { ctx, outputs } = stepContext(qa1);
    await action.handler(ctx);
    expect(await fleet.commits()).toBe(before);
    expect(outputs).toEqual({ entityRef: 'resource:default/qa-1', files: [] });
  });

  it('refuses a different cluster under a taken name, writing nothing', async () => {
    const before = await fleet.commits();
    const { ctx } = stepContext({ name: 'qa-1', clusterSpec: 'aws-eks' });
    await expect(action.handler(ctx)).rejects.toThrow(
      'A Cluster named "qa-1" already exists (arlon/clusters/qa-1.yaml) with different content',
    );
    expect(await fleet.commits()).toBe(before);
  });

  it('freezes a copy of the spec at the head for a cloned cluster, and stays idempotent after the head moves', async () => {
    const input = { name: 'perf-1', clusterSpec: 'docker-dev', mode: 'cloned' };
    const head = await fleet.head();
    await action.handler(stepContext(input).ctx);
    const written = parse((await fleet.file('arlon/clusters/perf-1.yaml'))!);
    expect(written.spec).toMatchObject({
      mode: 'cloned',
      clonedFrom: {
        revision: head,
        spec: { provider: 'docker', kubernetesVersion: expect.any(String) },
      },
    });
    const before = await fleet.commits();
    await action.handler(stepContext(input).ctx);
    expect(await fleet.commits()).toBe(before);
  });

  it('shows the exact files on a dry run and writes nothing', async () => {
    const before = await fleet.commits();
    const { ctx, outputs } = stepContext(
      {
        name: 'dry-1',
        clusterSpec: 'docker-dev',
        profiles: ['apps'],
        labels: { env: '' }, // a form's field left empty
      },
      { dryRun: true },
    );
    await action.handler(ctx);
    expect(await fleet.commits()).toBe(before);
    expect(outputs.commit).toBeUndefined();
    expect(outputs.files).toContain('create arlon/clusters/dry-1.yaml');
    expect(await fleet.file('arlon/clusters/dry-1.yaml')).toBeUndefined();
    // The definition it would commit is in the workspace, for the preview; the generated tree is not.
    const shown = parse(
      await fs.readFile(
        path.join(ctx.workspacePath, 'arlon/clusters/dry-1.yaml'),
        'utf8',
      ),
    );
    expect(shown.metadata).toEqual({ name: 'dry-1' });
    expect(shown.spec).toEqual({
      clusterSpec: 'docker-dev',
      profiles: ['apps'],
    });
    expect(await fs.readdir(ctx.workspacePath)).toEqual(['arlon']);
  });

  it('fails on a bad name or an unknown profile, at its file, line and field, writing nothing', async () => {
    const before = await fleet.commits();
    const badName = await action
      .handler(stepContext({ name: 'Bad_Name', clusterSpec: 'docker-dev' }).ctx)
      .catch(e => e);
    expect(badName.name).toBe('InputError');
    expect(badName.message).toMatch(
      // Refused before any path is built from it.
      /^name "Bad_Name" must be lower-case letters, digits and '-'/,
    );
    const unknown = await action
      .handler(
        stepContext({
          name: 'qa-2',
          clusterSpec: 'docker-dev',
          profiles: ['nope'],
        }).ctx,
      )
      .catch(e => e);
    expect(unknown.message).toMatch(
      /arlon\/clusters\/qa-2\.yaml:\d+:\d+: .*nope/,
    );
    expect(await fleet.commits()).toBe(before);
  });

  it('fails without arlon.cluster.create and writes nothing', async () => {
    fleet.allow = false;
    const before = await fleet.commits();
    const { ctx } = stepContext({ name: 'qa-9', clusterSpec: 'docker-dev' });
    await expect(action.handler(ctx)).rejects.toThrow(
      'You may not create clusters (permission arlon.cluster.create)',
    );
    expect(await fleet.commits()).toBe(before);
  });

  it('takes the entity refs entity pickers give, and refuses a ref of the wrong kind', async () => {
    const { ctx, outputs } = stepContext(
      {
        name: 'picked-1',
        clusterSpec: 'resource:default/clusterspec-docker-dev',
        profiles: ['resource:default/profile-apps'],
      },
      { dryRun: true },
    );
    await action.handler(ctx);
    expect(outputs.files).toContain('create arlon/clusters/picked-1.yaml');
    await expect(
      action.handler(
        stepContext({
          name: 'picked-2',
          clusterSpec: 'resource:default/profile-apps',
        }).ctx,
      ),
    ).rejects.toThrow(
      'resource:default/profile-apps is not an entity of a ClusterSpec (its name would start with "clusterspec-")',
    );
  });
});

describe('arlon:cluster:create on a management cluster without Cluster API', () => {
  let bare: KubeApiServer;
  let fleet: Awaited<ReturnType<typeof TestFleet.start>>;

  beforeAll(async () => {
    bare = await KubeApiServer.start({ token: 'bare-token' });
    fleet = await TestFleet.start(
      new ManagementClusters([
        {
          name: 'bare',
          url: bare.url,
          serviceAccountToken: 'bare-token',
          skipTLSVerify: true,
          argocdNamespace: 'argocd',
        },
      ]),
    );
  });
  afterAll(async () => {
    await fleet.stop();
    await bare.stop();
  });

  it('refuses the cluster before committing it, saying what to install, on a dry run too', async () => {
    const before = await fleet.commits();
    for (const dryRun of [true, false]) {
      const error = await createClusterCreateAction(fleet.options)
        .handler(
          stepContext({ name: 'eks-1', clusterSpec: 'aws-eks' }, { dryRun })
            .ctx,
        )
        .catch(e => e);
      // One line per thing to install, at the cluster's clusterSpec.
      expect(error.message).toContain(
        [
          "arlon/clusters/eks-1.yaml:6:3: Management cluster bare does not serve Cluster (cluster.x-k8s.io/v1beta2), MachinePool (cluster.x-k8s.io/v1beta2), which this cluster's Cluster API manifests need (spec.clusterSpec)",
          '    hint: Install Cluster API on it: clusterctl init (the core, kubeadm bootstrap and control plane providers)',
          "arlon/clusters/eks-1.yaml:6:3: Management cluster bare does not serve AWSManagedCluster (infrastructure.cluster.x-k8s.io/v1beta2), AWSManagedControlPlane (controlplane.cluster.x-k8s.io/v1beta2), AWSManagedMachinePool (infrastructure.cluster.x-k8s.io/v1beta2), which this cluster's Cluster API manifests need (spec.clusterSpec)",
          '    hint: Install the Amazon Web Services (CAPA) provider on it: clusterctl init --infrastructure aws',
        ].join('\n'),
      );
    }
    expect(await fleet.commits()).toBe(before);
  });
});
