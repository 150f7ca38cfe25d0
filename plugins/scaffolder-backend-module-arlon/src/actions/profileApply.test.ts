import { parse } from 'yaml';
import { withFleet } from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createProfileApplyAction } from './profileApply';

describe('arlon:profile:apply and arlon:profile:remove', () => {
  const apply = withFleet(fleet => ({
    apply: createProfileApplyAction(fleet.options, 'apply'),
    remove: createProfileApplyAction(fleet.options, 'remove'),
  }));
  const profilesOf = async (cluster: string) =>
    parse((await apply().fleet.file(`arlon/clusters/${cluster}.yaml`))!).spec
      .profiles;

  it('applies a profile to every cluster a selector matches, in one commit', async () => {
    const { fleet, action } = apply();
    const before = await fleet.commits();
    const { ctx, outputs } = stepContext({
      profiles: ['apps'],
      selector: 'env in (prod,staging)',
    });
    await action.apply.handler(ctx);
    expect(await fleet.commits()).toBe(before + 1);
    expect(outputs.clusters).toEqual(['prod-us-west', 'staging-eu']);
    expect(await profilesOf('prod-us-west')).toContain('apps');
    expect(await profilesOf('staging-eu')).toContain('apps');
  });

  it('makes no commit when the clusters already have it', async () => {
    const { fleet, action } = apply();
    const before = await fleet.commits();
    const { ctx, outputs } = stepContext({
      profiles: ['apps'],
      selector: 'env in (prod,staging)',
    });
    await action.apply.handler(ctx);
    expect(await fleet.commits()).toBe(before);
    expect(outputs.files).toEqual([]);
  });

  it('removes it from clusters by name, leaving the others', async () => {
    const { action } = apply();
    await action.remove.handler(
      stepContext({ profiles: ['apps'], clusters: ['staging-eu'] }).ctx,
    );
    expect(await profilesOf('staging-eu')).not.toContain('apps');
    expect(await profilesOf('prod-us-west')).toContain('apps');
  });

  it('shows the files on a dry run and writes nothing', async () => {
    const { fleet, action } = apply();
    const before = await fleet.commits();
    const { ctx, outputs } = stepContext(
      { profiles: ['apps'], clusters: ['staging-eu'] },
      { dryRun: true },
    );
    await action.apply.handler(ctx);
    expect(outputs.files).toContain('update arlon/clusters/staging-eu.yaml');
    expect(await fleet.commits()).toBe(before);
  });

  it('fails clearly on an unknown profile, a selector matching nothing, or both ways of naming clusters', async () => {
    const { fleet, action } = apply();
    const before = await fleet.commits();
    await expect(
      action.apply.handler(
        stepContext({ profiles: ['nope'], clusters: ['dev-local'] }).ctx,
      ),
    ).rejects.toThrow(/arlon\/clusters\/dev-local\.yaml:\d+:\d+: .*nope/);
    await expect(
      action.apply.handler(
        stepContext({ profiles: ['apps'], selector: 'env=mars' }).ctx,
      ),
    ).rejects.toThrow('No cluster matches selector "env=mars"');
    await expect(
      action.apply.handler(
        stepContext({
          profiles: ['apps'],
          selector: 'env=dev',
          clusters: ['x'],
        }).ctx,
      ),
    ).rejects.toThrow(
      'either by "clusters" (a list of names) or by "selector"',
    );
    expect(await fleet.commits()).toBe(before);
  });

  it('fails without arlon.profile.apply and writes nothing', async () => {
    const { fleet, action } = apply();
    const before = await fleet.commits();
    fleet.allow = false;
    try {
      await expect(
        action.apply.handler(
          stepContext({ profiles: ['apps'], clusters: ['dev-local'] }).ctx,
        ),
      ).rejects.toThrow(
        'You may not apply profiles on these clusters (permission arlon.profile.apply)',
      );
    } finally {
      fleet.allow = true;
    }
    expect(await fleet.commits()).toBe(before);
  });
});
