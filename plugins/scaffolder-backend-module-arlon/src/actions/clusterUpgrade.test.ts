import { parse } from 'yaml';
import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createClusterUpgradeAction } from './clusterUpgrade';

describe('arlon:cluster:upgrade', () => {
  const env = withFleet(fleet => createClusterUpgradeAction(fleet.options));
  const yamlOf = async (file: string) => parse((await env().fleet.file(file))!);

  it('on a dry run, names the linked clusters it reaches and the files, and writes nothing', async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    const { ctx, outputs, logs } = stepContext(
      { clusterSpec: 'docker-dev', kubernetesVersion: 'v1.31.0' },
      { dryRun: true },
    );
    await action.handler(ctx);
    expect(outputs.clusters).toEqual(['dev-local']);
    expect(outputs.from).toBe('v1.30.0');
    expect(logs).toContain('Clusters it reaches: dev-local');
    expect(logs).toContainEqual(
      expect.stringContaining('Kubernetes v1.30.0 → v1.31.0'),
    );
    expect(outputs.files).toContain(
      'update arlon/clusterspecs/docker-dev.yaml',
    );
    // The linked cluster's generated Cluster API objects change with it.
    expect(outputs.files).toContainEqual(
      expect.stringMatching(/^update generated\/clusters\/dev-local\//),
    );
    expect(await fleet.commits()).toBe(before);
  });

  it("commits the spec's new version in one commit; the linked cluster's Cluster API objects follow", async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    const { ctx, outputs } = stepContext({
      clusterSpec: 'resource:default/clusterspec-docker-dev',
      kubernetesVersion: 'v1.31.0',
    });
    await action.handler(ctx);
    expect(await fleet.commits()).toBe(before + 1);
    expect(outputs.commit).toBe(await fleet.head());
    expect(outputs.entityRef).toBe('resource:default/clusterspec-docker-dev');
    expect(
      (await yamlOf('arlon/clusterspecs/docker-dev.yaml')).spec
        .kubernetesVersion,
    ).toBe('v1.31.0');
    const generated = await fleet.file(
      'generated/clusters/dev-local/cluster.yaml',
    );
    expect(generated).toContain('v1.31.0');
    expect(generated).not.toContain('version: v1.30.0');
  });

  it('makes no commit when the spec is at that version already', async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    const { ctx, outputs } = stepContext({
      clusterSpec: 'docker-dev',
      kubernetesVersion: 'v1.31.0',
    });
    await action.handler(ctx);
    expect(await fleet.commits()).toBe(before);
    expect(outputs.files).toEqual([]);
  });

  it("upgrades a cloned cluster's own copy of its spec, leaving the spec it came from", async () => {
    const { action } = env();
    const { ctx, outputs } = stepContext({
      cluster: 'staging-eu',
      kubernetesVersion: 'v1.29.4',
    });
    await action.handler(ctx);
    expect(outputs.clusters).toEqual(['staging-eu']);
    expect(outputs.from).toBe('v1.28.9');
    expect(
      (await yamlOf('arlon/clusters/staging-eu.yaml')).spec.clonedFrom.spec
        .kubernetesVersion,
    ).toBe('v1.29.4');
    expect(
      (await yamlOf('arlon/clusterspecs/aws-kubeadm.yaml')).spec
        .kubernetesVersion,
    ).toBe('v1.29.4');
  });

  it.each([
    [
      'a downgrade',
      { clusterSpec: 'aws-eks', kubernetesVersion: 'v1.28.0' },
      'arlon/clusterspecs/aws-eks.yaml: spec.kubernetesVersion: v1.29.4 → v1.28.0 is a downgrade',
    ],
    [
      'a skipped minor version',
      { clusterSpec: 'aws-eks', kubernetesVersion: 'v1.31.0' },
      'arlon/clusterspecs/aws-eks.yaml: spec.kubernetesVersion: v1.29.4 → v1.31.0 skips v1.30',
    ],
    [
      "a cloned cluster's skipped minor version",
      { cluster: 'staging-eu', kubernetesVersion: 'v1.31.0' },
      'arlon/clusters/staging-eu.yaml: spec.clonedFrom.spec.kubernetesVersion: v1.29.4 → v1.31.0 skips v1.30',
    ],
    [
      'a linked cluster, naming its spec',
      { cluster: 'prod-us-west', kubernetesVersion: 'v1.30.0' },
      'Cluster "prod-us-west" (arlon/clusters/prod-us-west.yaml) follows ClusterSpec "aws-eks" (mode linked): change that spec',
    ],
    [
      'an external cluster',
      { cluster: 'edge-imported', kubernetesVersion: 'v1.30.0' },
      'is external (spec.external): Arlon does not build it',
    ],
    [
      'an unknown spec',
      { clusterSpec: 'nope', kubernetesVersion: 'v1.30.0' },
      'There is no ClusterSpec named "nope" in the fleet repository',
    ],
  ])('refuses %s, naming it, and writes nothing', async (_, input, message) => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    await expect(action.handler(stepContext(input).ctx)).rejects.toThrow(
      message,
    );
    expect(await fleet.commits()).toBe(before);
  });

  it('fails without arlon.definition.update and writes nothing', async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    fleet.allow = false;
    try {
      await expect(
        action.handler(
          stepContext({ clusterSpec: 'aws-eks', kubernetesVersion: 'v1.30.0' })
            .ctx,
        ),
      ).rejects.toThrow(
        'You may not upgrade this ClusterSpec (permission arlon.definition.update)',
      );
    } finally {
      fleet.allow = true;
    }
    expect(await fleet.commits()).toBe(before);
  });
});
