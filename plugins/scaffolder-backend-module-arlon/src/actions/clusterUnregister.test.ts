import { stepContext, TestFleet } from '../__testUtils__/testFleet';
import { createClusterUnregisterAction } from './clusterUnregister';

describe('arlon:cluster:unregister', () => {
  let fleet: Awaited<ReturnType<typeof TestFleet.start>>;
  const action = () => createClusterUnregisterAction(fleet.options);

  beforeAll(async () => {
    fleet = await TestFleet.start();
  }, 60_000);
  afterAll(() => fleet.stop());

  it('refuses a built cluster (that is delete) and commits nothing', async () => {
    const before = await fleet.commits();
    await expect(
      action().handler(stepContext({ name: 'dev-local' }).ctx),
    ).rejects.toThrow(/is built by Cluster API.*Delete it instead/);
    expect(await fleet.commits()).toBe(before);
  });

  it('refuses a name that is not a name before anything is read (400 naming the field)', async () => {
    const before = await fleet.commits();
    await expect(
      action().handler(stepContext({ name: '../arlon/clusters/x' }).ctx),
    ).rejects.toThrow(/^name /);
    expect(await fleet.commits()).toBe(before);
  });

  it('answers NotFound for a cluster the fleet does not have', async () => {
    await expect(
      action().handler(stepContext({ name: 'nope' }).ctx),
    ).rejects.toThrow('No Cluster named "nope" in the fleet repository');
  });

  it('previews, then deletes an external cluster definition as one commit (no ArgoCD here: nothing to revoke)', async () => {
    const dry = stepContext({ name: 'edge-imported' }, { dryRun: true });
    const before = await fleet.commits();
    await action().handler(dry.ctx);
    expect(dry.outputs.files).toEqual(
      expect.arrayContaining(['delete arlon/clusters/edge-imported.yaml']),
    );
    expect(await fleet.commits()).toBe(before);

    const real = stepContext({ name: 'edge-imported' });
    await action().handler(real.ctx);
    expect(await fleet.commits()).toBe(before + 1);
    expect(await fleet.file('arlon/clusters/edge-imported.yaml')).toBe(
      undefined,
    );
    expect(real.outputs).toMatchObject({ revoked: [], left: [] });
  });
});
