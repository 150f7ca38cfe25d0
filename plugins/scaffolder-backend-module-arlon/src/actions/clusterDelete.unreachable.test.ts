import { ManagementClusters } from '@arlon-backstage/plugin-arlon-node';
import { stepContext, TestFleet } from '../__testUtils__/testFleet';
import { createClusterDeleteAction } from './clusterDelete';

/** A management cluster that does not answer: the dry run says so; the deletion refuses. */
describe('arlon:cluster:delete with an unreachable management cluster', () => {
  let fleet: Awaited<ReturnType<typeof TestFleet.start>>;
  const action = () => createClusterDeleteAction(fleet.options);
  const INPUT = { name: 'prod-us-west', confirm: 'prod-us-west' };

  beforeAll(async () => {
    fleet = await TestFleet.start(
      new ManagementClusters([
        {
          name: 'far',
          url: 'https://127.0.0.1:1',
          serviceAccountToken: 'token',
          skipTLSVerify: true,
          argocdNamespace: 'argocd',
        } as any,
      ]),
    );
  }, 60_000);
  afterAll(() => fleet.stop());

  it('previews what Git says, and says what it could not read', async () => {
    const { ctx, outputs, logs } = stepContext(INPUT, { dryRun: true });
    await action().handler(ctx);
    expect(logs[0]).toMatch(
      /^Management cluster far did not answer .*Shown without its bundle Applications and ArgoCD registration; the deletion itself waits until the management cluster answers$/,
    );
    expect(outputs.files).toContain('delete arlon/clusters/prod-us-west.yaml');
  });

  it('deletes nothing while it does not answer: bundles go first or not at all', async () => {
    const before = await fleet.commits();
    await expect(action().handler(stepContext(INPUT).ctx)).rejects.toThrow(
      /Management cluster far did not answer .*Nothing was changed/,
    );
    expect(await fleet.commits()).toBe(before);
    expect(await fleet.file('arlon/clusters/prod-us-west.yaml')).toBeDefined();
  });
});
