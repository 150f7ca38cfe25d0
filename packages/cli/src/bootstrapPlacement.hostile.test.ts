import {
  BootstrapFixture,
  runWithToken,
  startBootstrapFixture,
} from './__testUtils__/bootstrapSandbox';

jest.setTimeout(60_000);

/**
 * `arlon bootstrap --management-cluster <name>`: the name becomes a folder
 * of the generated tree, so it is checked before anything is read, and a
 * name no cluster is placed on applies nothing.
 */
describe('arlon bootstrap --management-cluster refuses, and applies nothing', () => {
  let f: BootstrapFixture;
  beforeAll(async () => {
    f = await startBootstrapFixture();
  });
  afterAll(() => f.stop());

  const nothingApplied = async () => {
    const apps: any = await f.custom.listNamespacedCustomObject({
      group: 'argoproj.io',
      version: 'v1alpha1',
      namespace: 'argocd',
      plural: 'applications',
    });
    expect(apps.items).toEqual([]);
  };

  it.each([
    '../../etc',
    'generated/argocd',
    '__proto__',
    'MC-West',
    '',
    'a'.repeat(64),
    'a'.repeat(10_000),
  ])(
    'a name that is not a management cluster name (%#): exit 2',
    async name => {
      const r = await runWithToken(
        undefined,
        'bootstrap',
        f.fleetDir,
        '--context',
        'arlon-sandbox',
        '--management-cluster',
        name,
      );
      expect(r.code).toBe(2);
      expect(r.err).toMatch(
        /^--management-cluster must be a management cluster name \(lower-case letters, digits and '-', at most 63 characters\), not "/,
      );
      // Quoted and cut: the input is never echoed at length.
      expect(r.err.length).toBeLessThan(300);
      await nothingApplied();
    },
  );

  it('a management cluster no cluster is placed on: exit 1 saying what to do', async () => {
    const r = await runWithToken(
      undefined,
      'bootstrap',
      f.fleetDir,
      '--context',
      'arlon-sandbox',
      '--management-cluster',
      'mc-west',
    );
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'no cluster names management cluster "mc-west" (spec.managementCluster), so the fleet has no tree for it (generated/management-clusters/mc-west/): place a cluster on it and regenerate, or bootstrap the default management cluster',
    );
    await nothingApplied();
  });
});
