import request from 'supertest';
import { HeldFleetKit, startHeldFleet } from './__testUtils__/heldFleet';

/**
 * Last known good, as a platform team meets it: a definition broken by a
 * hand push to Git changes nothing that is deployed (the ArgoCD Secret keeps
 * its profile labels, so the ApplicationSets keep their Applications), the
 * problem is shown with its commit and line, and a fix brings back normal.
 */
describe('a definition broken by a hand push is held at last known good', () => {
  let kit: HeldFleetKit;

  beforeAll(async () => {
    kit = await startHeldFleet();
    await kit.registered();
  }, 120_000);
  afterAll(() => kit?.stop());

  const verify = async () =>
    (await request(kit.server).get('/api/arlon/verify').expect(200)).body
      .lastKnownGood;

  it('a typo in a cluster (profiles → profles) keeps its labels and bundles, shows the commit and line, and a fix follows again', async () => {
    const file = 'arlon/clusters/prod-us-west.yaml';
    const text = await kit.original(file);
    const before = await kit.profileLabels('prod-us-west');
    expect(before).toEqual({ 'profile.arlon.io/infrastructure': 'true' });
    const good = await kit.head();

    const breaking = await kit.pushAndSettle(
      { [file]: text.replace('profiles:', 'profles:') },
      'Tidy prod-us-west',
      { witness: 'staging-eu', poked: ['prod-us-west'] },
    );
    expect(await kit.profileLabels('prod-us-west')).toEqual(before);
    for (const bundle of ['calico', 'cert-manager', 'readonly-rbac'])
      expect(await kit.applicationExists(`prod-us-west-${bundle}`)).toBe(true);

    const report = await verify();
    expect(report.status).toBe('ok');
    const held = report.held.definitions.find(
      (d: any) => d.name === 'prod-us-west',
    );
    expect(held).toMatchObject({
      kind: 'Cluster',
      lastGood: good,
      brokenBy: { commit: breaking, summary: 'Tidy prod-us-west' },
      clusters: ['prod-us-west'],
    });
    expect(held.problems[0]).toMatchObject({ file, line: 13 });
    expect(held.problems.map((p: any) => p.message).join(' ')).toMatch(
      /profles/,
    );

    // The cluster's page keeps its last good definition, and says why.
    const view = (
      await request(kit.server)
        .get('/api/arlon/clusters/prod-us-west')
        .expect(200)
    ).body;
    expect(view.definition.spec.profiles).toEqual(['infrastructure']);
    expect(view.held).toMatchObject({
      shownFrom: good,
      because: [{ name: 'prod-us-west', brokenBy: { commit: breaking } }],
    });

    // Fixed, and given a second profile: the labels follow the head again.
    await kit.pushAndSettle(
      {
        [file]: text.replace(
          'profiles: [infrastructure]',
          'profiles: [infrastructure, apps]',
        ),
      },
      'Fix prod-us-west and add apps',
      { witness: 'staging-eu', poked: ['prod-us-west'] },
    );
    await kit.registeredWith('prod-us-west', ['infrastructure', 'apps']);
    expect(
      (await verify()).held.definitions.find(
        (d: any) => d.name === 'prod-us-west',
      ),
    ).toBeUndefined();
    // Back as it was, for the next journey.
    await kit.pushAndSettle({ [file]: text }, 'Restore prod-us-west', {
      witness: 'staging-eu',
      poked: ['prod-us-west'],
    });
    await kit.registeredWith('prod-us-west', ['infrastructure']);
  }, 120_000);

  it('a broken profile holds every cluster that uses it, and only those', async () => {
    const file = 'arlon/profiles/apps.yaml';
    const text = await kit.original(file);
    const before = await kit.profileLabels('dev-local');
    expect(before).toMatchObject({ 'profile.arlon.io/apps': 'true' });

    const breaking = await kit.pushAndSettle(
      { [file]: text.replace('bundles:', 'bundels:') },
      'Rework apps',
      { witness: 'prod-us-west', poked: ['dev-local'] },
    );
    expect(await kit.profileLabels('dev-local')).toEqual(before);
    expect(await kit.applicationExists('dev-local-guestbook')).toBe(true);
    const held = (await verify()).held;
    expect(held.definitions.find((d: any) => d.name === 'apps')).toMatchObject({
      kind: 'Profile',
      brokenBy: { commit: breaking },
      clusters: ['dev-local'],
    });
    expect(held.clusters).toEqual([
      { name: 'dev-local', because: [{ kind: 'Profile', name: 'apps' }] },
    ]);
    const view = (
      await request(kit.server).get('/api/arlon/clusters/dev-local').expect(200)
    ).body;
    expect(view.held.because[0]).toMatchObject({
      kind: 'Profile',
      name: 'apps',
    });

    // Fixed by taking apps off dev-local as well: now the label goes, as asked.
    await kit.pushAndSettle(
      {
        [file]: text,
        'arlon/clusters/dev-local.yaml': (
          await kit.original('arlon/clusters/dev-local.yaml')
        )
          .replace(
            'profiles: [infrastructure, apps]',
            'profiles: [infrastructure]',
          )
          // Its guestbook values go with the profile (else it is invalid, and held).
          .replace(/ {2}values:[\s\S]*$/, ''),
      },
      'Fix apps; dev-local without it',
      { witness: 'prod-us-west', poked: ['dev-local'] },
    );
    await kit.registeredWith('dev-local', ['infrastructure']);
    await kit.pushAndSettle(
      {
        'arlon/clusters/dev-local.yaml': await kit.original(
          'arlon/clusters/dev-local.yaml',
        ),
      },
      'Restore dev-local',
      { witness: 'prod-us-west', poked: ['dev-local'] },
    );
    await kit.registeredWith('dev-local', ['infrastructure', 'apps']);
  }, 120_000);

  it('a broken bundle holds the clusters of every profile that has it', async () => {
    const file = 'arlon/bundles/guestbook.yaml';
    const text = await kit.original(file);
    const before = await kit.profileLabels('dev-local');

    const breaking = await kit.pushAndSettle(
      { [file]: `${text}\n  bogus: [unclosed\n` },
      'Bump guestbook',
      { witness: 'prod-us-west', poked: ['dev-local'] },
    );
    expect(await kit.profileLabels('dev-local')).toEqual(before);
    expect(await kit.applicationExists('dev-local-guestbook')).toBe(true);
    const held = (await verify()).held;
    const guestbook = held.definitions.find((d: any) => d.name === 'guestbook');
    expect(guestbook).toMatchObject({
      kind: 'Bundle',
      brokenBy: { commit: breaking, summary: 'Bump guestbook' },
      clusters: ['dev-local'],
    });
    expect(guestbook.problems[0].file).toBe(file);
    expect(guestbook.problems[0].line).toBeGreaterThan(1);

    await kit.pushAndSettle({ [file]: text }, 'Fix guestbook', {
      witness: 'prod-us-west',
      poked: ['dev-local'],
    });
    expect((await verify()).held.definitions).toEqual([]);
    expect(await kit.profileLabels('dev-local')).toEqual(before);
  }, 120_000);
});
