import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createClusterDeleteAction } from './clusterDelete';

describe('arlon:cluster:delete', () => {
  const env = withFleet(fleet => createClusterDeleteAction(fleet.options));

  it('on a dry run, shows the cascade in order and the files, and writes nothing', async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    const { ctx, outputs, logs } = stepContext(
      { name: 'resource:default/dev-local', confirm: 'dev-local' },
      { dryRun: true },
    );
    await action.handler(ctx);
    expect(logs.slice(0, 3)).toEqual([
      '1. Bundle Applications, pruned with what they deployed while the cluster still answers: (none: the cluster is not registered in ArgoCD)',
      expect.stringMatching(
        /^2\. Then the commit deleting its definition, which removes its root Application and so its Cluster API objects: .*Cluster dev-local/,
      ),
      '3. Last, its ArgoCD registration: (none)',
    ]);
    expect(outputs.clusterObjects).toContain('Cluster dev-local');
    expect(outputs.bundleApplications).toEqual([]);
    expect(outputs.files).toEqual(
      expect.arrayContaining([
        'delete arlon/clusters/dev-local.yaml',
        'delete generated/clusters/dev-local/cluster.yaml',
      ]),
    );
    expect(outputs.commit).toBeUndefined();
    expect(await fleet.commits()).toBe(before);
    expect(await fleet.file('arlon/clusters/dev-local.yaml')).toBeDefined();
  });

  it('deletes the definition and its generated tree as one commit', async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    const { ctx, outputs } = stepContext({
      name: 'dev-local',
      confirm: 'dev-local',
    });
    await action.handler(ctx);
    expect(await fleet.commits()).toBe(before + 1);
    expect(outputs.commit).toBe(await fleet.head());
    expect(outputs.entityRef).toBe('resource:default/dev-local');
    expect(await fleet.file('arlon/clusters/dev-local.yaml')).toBeUndefined();
    expect(
      await fleet.file('generated/clusters/dev-local/cluster.yaml'),
    ).toBeUndefined();
  });

  it.each([
    [
      'an external cluster, naming the unregister action',
      { name: 'edge-imported', confirm: 'edge-imported' },
      'Cluster "edge-imported" is external (spec.external): Arlon did not build it and does not delete it; unregister it instead (arlon:cluster:unregister)',
    ],
    [
      'a cluster the fleet does not have',
      { name: 'ghost', confirm: 'ghost' },
      'No Cluster named "ghost" in the fleet repository',
    ],
    [
      'a confirmation that is not its name',
      { name: 'prod-us-west', confirm: 'prod-us-wes' },
      '"confirm" must repeat the cluster\'s name, "prod-us-west", to delete it',
    ],
  ])('refuses %s and writes nothing', async (_, input, message) => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    await expect(action.handler(stepContext(input).ctx)).rejects.toThrow(
      message,
    );
    expect(await fleet.commits()).toBe(before);
  });

  it('fails without arlon.cluster.delete and writes nothing', async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    fleet.allow = false;
    try {
      await expect(
        action.handler(
          stepContext({ name: 'prod-us-west', confirm: 'prod-us-west' }).ctx,
        ),
      ).rejects.toThrow(
        'You may not delete clusters (permission arlon.cluster.delete)',
      );
    } finally {
      fleet.allow = true;
    }
    expect(await fleet.commits()).toBe(before);
  });
});
