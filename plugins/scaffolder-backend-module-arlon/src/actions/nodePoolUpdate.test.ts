import { parse, parseAllDocuments } from 'yaml';
import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createNodePoolUpdateAction } from './nodePoolUpdate';

describe('arlon:nodepool:update', () => {
  const env = withFleet(fleet => createNodePoolUpdateAction(fleet.options));
  const yamlOf = async (file: string) => parse((await env().fleet.file(file))!);
  const poolOf = async (file: string, pool: string, frozen = false) => {
    const { spec } = await yamlOf(file);
    return (frozen ? spec.clonedFrom.spec : spec).nodePools.find(
      (p: { name: string }) => p.name === pool,
    );
  };
  const generated = async (cluster: string) =>
    parseAllDocuments(
      (await env().fleet.file(`generated/clusters/${cluster}/cluster.yaml`))!,
    ).map(d => d.toJS());

  it("scales a spec's pool in one commit; the linked cluster follows", async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    const { ctx, outputs } = stepContext({
      clusterSpec: 'docker-dev',
      nodePool: 'md-0',
      replicas: 3,
    });
    await action.handler(ctx);
    expect(await fleet.commits()).toBe(before + 1);
    expect(outputs.clusters).toEqual(['dev-local']);
    expect(await poolOf('arlon/clusterspecs/docker-dev.yaml', 'md-0')).toEqual({
      name: 'md-0',
      machineType: 'kindest/node:v1.30.0',
      replicas: 3,
    });
    const cluster = (await generated('dev-local')).find(
      o => o.kind === 'Cluster',
    );
    expect(cluster.spec.topology.workers.machineDeployments[0].replicas).toBe(
      3,
    );
  });

  it('sets an autoscaling range, moving the start size into it and saying so', async () => {
    const { action } = env();
    const { ctx, logs } = stepContext({
      clusterSpec: 'aws-kubeadm',
      nodePool: 'workers',
      autoscaling: { min: 4, max: 8 },
    });
    await action.handler(ctx);
    expect(
      await poolOf('arlon/clusterspecs/aws-kubeadm.yaml', 'workers'),
    ).toEqual({
      name: 'workers',
      machineType: 'm5.xlarge',
      replicas: 4,
      autoscaling: { min: 4, max: 8 },
    });
    expect(logs).toContain(
      'replicas 3 → 4, to start within the autoscaling range 4..8',
    );
  });

  it('stops autoscaling with null, keeping the size', async () => {
    const { action } = env();
    await action.handler(
      stepContext({
        clusterSpec: 'aws-kubeadm',
        nodePool: 'workers',
        autoscaling: null,
      }).ctx,
    );
    expect(
      await poolOf('arlon/clusterspecs/aws-kubeadm.yaml', 'workers'),
    ).toEqual({ name: 'workers', machineType: 'm5.xlarge', replicas: 4 });
  });

  it("changes a cloned cluster's machine type on a dry run: a new content-named template, a rolling replacement, nothing written", async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    const { ctx, outputs, logs } = stepContext(
      { cluster: 'staging-eu', nodePool: 'workers', machineType: 'm5.2xlarge' },
      { dryRun: true },
    );
    await action.handler(ctx);
    expect(outputs.clusters).toEqual(['staging-eu']);
    expect(outputs.files).toContain('update arlon/clusters/staging-eu.yaml');
    expect(logs).toContainEqual(
      expect.stringMatching(
        /^new AWSMachineTemplate staging-eu-workers-[0-9a-f]{8}: a template is named by its content, so Cluster API rolls the machines/,
      ),
    );
    expect(logs).toContain('Clusters it reaches: staging-eu');
    expect(await fleet.commits()).toBe(before);
  });

  it('commits that machine type: the MachineDeployment points at the new template', async () => {
    const { action } = env();
    await action.handler(
      stepContext({
        cluster: 'staging-eu',
        nodePool: 'workers',
        machineType: 'm5.2xlarge',
      }).ctx,
    );
    expect(
      (await poolOf('arlon/clusters/staging-eu.yaml', 'workers', true))
        .machineType,
    ).toBe('m5.2xlarge');
    const objects = await generated('staging-eu');
    const template = objects.find(
      o =>
        o.kind === 'AWSMachineTemplate' &&
        o.spec.template.spec.instanceType === 'm5.2xlarge',
    );
    const deployment = objects.find(o => o.kind === 'MachineDeployment');
    expect(deployment.spec.template.spec.infrastructureRef.name).toBe(
      template.metadata.name,
    );
  });

  it.each([
    [
      'an unknown pool, listing the pools',
      { clusterSpec: 'aws-eks', nodePool: 'gpu', replicas: 2 },
      'arlon/clusterspecs/aws-eks.yaml: spec.nodePools has no pool named "gpu" (its pools: general)',
    ],
    [
      'min above max, naming the field',
      {
        clusterSpec: 'aws-eks',
        nodePool: 'general',
        autoscaling: { min: 9, max: 3 },
      },
      'arlon/clusterspecs/aws-eks.yaml: spec.nodePools[0].autoscaling.min (9) is above arlon/clusterspecs/aws-eks.yaml: spec.nodePools[0].autoscaling.max (3)',
    ],
    [
      'replicas outside the autoscaling range (the fleet validation, at its line)',
      { clusterSpec: 'aws-eks', nodePool: 'general', replicas: 20 },
      /arlon\/clusterspecs\/aws-eks\.yaml:\d+:\d+: .*replicas \(20\) is outside autoscaling min\.\.max \(2\.\.10\)/,
    ],
    [
      'nothing to change',
      { clusterSpec: 'aws-eks', nodePool: 'general' },
      'Give what to change',
    ],
    [
      'a linked cluster, naming its spec',
      { cluster: 'dev-local', nodePool: 'md-0', replicas: 1 },
      'follows ClusterSpec "docker-dev" (mode linked)',
    ],
  ])('refuses %s, and writes nothing', async (_, input, message) => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    await expect(action.handler(stepContext(input).ctx)).rejects.toThrow(
      message,
    );
    expect(await fleet.commits()).toBe(before);
  });

  it('fails without arlon.cluster.update on a cloned cluster and writes nothing', async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    fleet.allow = false;
    try {
      await expect(
        action.handler(
          stepContext({
            cluster: 'staging-eu',
            nodePool: 'workers',
            replicas: 1,
          }).ctx,
        ),
      ).rejects.toThrow(
        'You may not change node pools of this Cluster (permission arlon.cluster.update)',
      );
    } finally {
      fleet.allow = true;
    }
    expect(await fleet.commits()).toBe(before);
  });
});
