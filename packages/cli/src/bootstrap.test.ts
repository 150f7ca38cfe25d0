import {
  CoreV1Api,
  KubernetesObjectApi,
  PatchStrategy,
} from '@kubernetes/client-node';
import { eventually } from '@arlon-backstage/arlon-sandbox';
import { parseAllDocuments } from 'yaml';
import {
  BootstrapFixture,
  runWithToken,
  startBootstrapFixture,
} from './__testUtils__/bootstrapSandbox';
import { run } from './__testUtils__/run';

const TOKEN = 'ghp_bootstrapTestToken-Ünïcode-0123456789';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

jest.setTimeout(120_000);

describe('arlon bootstrap against the sandbox', () => {
  let f: BootstrapFixture;
  beforeAll(async () => {
    f = await startBootstrapFixture();
  });
  afterAll(() => f.stop());

  const argo = (plural: string, name: string) =>
    f.custom
      .getNamespacedCustomObject({
        group: 'argoproj.io',
        version: 'v1alpha1',
        namespace: 'argocd',
        plural,
        name,
      })
      .then(
        (o: any) => o,
        () => undefined,
      );

  it('dry run: prints the AppProjects, the redacted credentials and arlon-fleet, and applies nothing', async () => {
    const { code, out, err } = await runWithToken(
      TOKEN,
      'bootstrap',
      f.fleetDir,
      '--context',
      'arlon-sandbox',
      '--dry-run',
    );
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toContain('ok   ArgoCD version: v3.5.1');
    expect(out).toContain('Dry run: would apply (server-side) 4 of 4 objects');
    const docs = parseAllDocuments(out.slice(out.indexOf('---\n')))
      .map(d => d.toJS())
      .filter(Boolean);
    expect(docs.map((d: any) => `${d.kind}/${d.metadata.name}`)).toEqual([
      'AppProject/arlon-bundles',
      'AppProject/arlon-clusters',
      'Secret/arlon-fleet-repository',
      'Application/arlon-fleet',
    ]);
    expect(docs[2].data).toEqual({
      type: '<redacted>',
      url: '<redacted>',
      username: '<redacted>',
      password: '<redacted>',
    });
    expect(out).not.toContain(TOKEN);
    expect(out).not.toContain(b64(TOKEN));
    expect(await argo('applications', 'arlon-fleet')).toBeUndefined();
    expect(await argo('appprojects', 'arlon-bundles')).toBeUndefined();
  });

  it('applies the AppProjects, the repository credentials and arlon-fleet, and the example fleet comes up', async () => {
    const { code, out, err } = await runWithToken(
      TOKEN,
      'bootstrap',
      f.fleetDir,
      '--context',
      'arlon-sandbox',
    );
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toContain('created   Application argocd/arlon-fleet');
    expect(out).not.toContain(TOKEN);
    const secret = await f.kc.makeApiClient(CoreV1Api).readNamespacedSecret({
      name: 'arlon-fleet-repository',
      namespace: 'argocd',
    });
    expect(secret.metadata?.labels?.['argocd.argoproj.io/secret-type']).toBe(
      'repository',
    );
    expect(Buffer.from(secret.data!.password, 'base64').toString('utf8')).toBe(
      TOKEN,
    );
    expect(Buffer.from(secret.data!.url, 'base64').toString('utf8')).toBe(
      f.sandbox.fleetRepoUrl,
    );
    // The example fleet's clusters are built by Cluster API from what arlon-fleet syncs.
    const provisioned = async () => {
      const list: any = await f.custom.listClusterCustomObject({
        group: 'cluster.x-k8s.io',
        version: 'v1beta2',
        plural: 'clusters',
      });
      return list.items
        .filter((c: any) => c.status?.phase === 'Provisioned')
        .map((c: any) => `${c.metadata.namespace}/${c.metadata.name}`)
        .sort();
    };
    await eventually(
      async () => (await provisioned()).length === 3,
      "the example fleet's three clusters to be Provisioned",
      60_000,
    );
    expect(await provisioned()).toEqual([
      'dev-local/dev-local',
      'prod-us-west/prod-us-west',
      'staging-eu/staging-eu',
    ]);
    const fleetApp = await eventually(async () => {
      const app = await argo('applications', 'arlon-fleet');
      return app?.status?.sync?.status === 'Synced' && app;
    }, 'arlon-fleet to sync');
    expect(fleetApp.spec.source.repoURL).toBe(f.sandbox.fleetRepoUrl);
  });

  it('a second run changes nothing and says so', async () => {
    const before = await argo('applications', 'arlon-fleet');
    const projectBefore = await argo('appprojects', 'arlon-clusters');
    const { code, out } = await runWithToken(
      TOKEN,
      'bootstrap',
      f.fleetDir,
      '--context',
      'arlon-sandbox',
    );
    expect(code).toBe(0);
    expect(out).toContain(
      'Nothing to change: all 4 objects are already applied',
    );
    expect(out).not.toMatch(/^\s+(created|updated)/m);
    // Nothing was written: the API server would have bumped these.
    expect(
      (await argo('appprojects', 'arlon-clusters')).metadata.resourceVersion,
    ).toBe(projectBefore.metadata.resourceVersion);
    const after = await argo('applications', 'arlon-fleet');
    expect(after.spec).toEqual(before.spec);
    expect(after.metadata.managedFields).toEqual(before.metadata.managedFields);
  });

  it('a dry run of a changed token shows the Secret as an update, still redacted', async () => {
    const { code, out } = await runWithToken(
      'another-token-value',
      'bootstrap',
      f.fleetDir,
      '--context',
      'arlon-sandbox',
      '--dry-run',
      '--output',
      'json',
    );
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(
      result.steps.map((s: any) => `${s.action} ${s.kind}/${s.name}`),
    ).toEqual([
      'unchanged AppProject/arlon-bundles',
      'unchanged AppProject/arlon-clusters',
      'update Secret/arlon-fleet-repository',
      'unchanged Application/arlon-fleet',
    ]);
    expect(out).not.toContain('another-token-value');
    expect(out).not.toContain(b64('another-token-value'));
  });

  it('--print-rbac --without-bootstrap leaves out AppProjects and creating Applications', async () => {
    const full = await run('bootstrap', '--print-rbac');
    const narrow = await run(
      'bootstrap',
      '--print-rbac',
      '--without-bootstrap',
    );
    expect(full.out).toContain('appprojects');
    expect(narrow.code).toBe(0);
    const role: any = parseAllDocuments(narrow.out)
      .map(d => d.toJS())
      .find((d: any) => d.kind === 'Role');
    const resources = role.rules.flatMap((r: any) => r.resources ?? []);
    expect(resources).not.toContain('appprojects');
    expect(
      role.rules
        .filter((r: any) => r.resources.includes('applications'))
        .flatMap((r: any) => r.verbs),
    ).toEqual(['get', 'list', 'watch', 'patch']);
  });

  it('--print-rbac prints a ClusterRole, a Role and their bindings the sandbox accepts', async () => {
    const { code, out } = await run(
      'bootstrap',
      '--print-rbac',
      '--service-account',
      'backstage/portal',
    );
    expect(code).toBe(0);
    const docs = parseAllDocuments(out).map(d => d.toJS());
    expect(docs.map((d: any) => d.kind)).toEqual([
      'ClusterRole',
      'Role',
      'ClusterRoleBinding',
      'RoleBinding',
    ]);
    expect(docs[2].subjects).toEqual([
      { kind: 'ServiceAccount', name: 'portal', namespace: 'backstage' },
    ]);
    const client = KubernetesObjectApi.makeApiClient(f.kc);
    for (const doc of docs)
      await client.patch(
        doc,
        undefined,
        'All',
        'arlon-test',
        true,
        PatchStrategy.ServerSideApply,
      );
  });
});
