import { validateFleet } from '../validation/validateFleet';
import { readFleetDir, EXAMPLE_FLEET_DIR } from '../testing/readFleetDir';
import { bundlesOf, renderBundle, renderBundles } from '../render/renderBundle';
import { compareRendered, makeReport } from './sections';
import { exportDiffReport, parseDiffReportFile, DiffReport } from './report';
import { scopeFromObjects } from './scope';

const REPO = 'https://git.example.com/platform/fleet.git';

/** The example fleet plus two inline bundles and a profile, as a user would write them. */
function fleetFiles() {
  return {
    ...readFleetDir(EXAMPLE_FLEET_DIR),
    'arlon/bundles/web.yaml':
      'apiVersion: core.arlon.io/v1\nkind: Bundle\nmetadata:\n  name: web\nspec:\n  source:\n    inline: {}\n',
    'bundles/web/app.yaml': [
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels:\n    app.kubernetes.io/name: web\n    helm.sh/chart: web-1.2.0\nspec:\n  replicas: 2\n  template:\n    spec:\n      containers:\n        - name: web\n          image: nginx:1.25\n          resources:\n            limits: {cpu: 500m}\n',
      '---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n    - port: 80\n',
      '---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: backups.example.com\nspec:\n  group: example.com\n  scope: Cluster\n  names: {kind: Backup, plural: backups}\n',
      '---\napiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly\n',
    ].join(''),
    'arlon/bundles/web-next.yaml':
      'apiVersion: core.arlon.io/v1\nkind: Bundle\nmetadata:\n  name: web-next\nspec:\n  source:\n    git:\n      repoUrl: https://git.example.com/platform/fleet\n      path: apps/web-next\n      revision: main\n      type: directory\n',
    'apps/web-next/app.yaml':
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: web\n  labels:\n    app.kubernetes.io/name: web\n    helm.sh/chart: web-1.3.0\nspec:\n  replicas: 2\n  template:\n    spec:\n      containers:\n        - name: web\n          image: nginx:1.27\n          resources:\n            limits: {cpu: "0.5"}\n',
    'arlon/profiles/web.yaml':
      'apiVersion: core.arlon.io/v1\nkind: Profile\nmetadata:\n  name: web\nspec:\n  bundles: [web, readonly-rbac, guestbook]\n',
  };
}

describe('rendering bundles from the fleet repository', () => {
  const { fleet, problems } = validateFleet(fleetFiles());

  it('reads the example plus the test bundles without problems', () => {
    expect(problems).toEqual([]);
  });

  it('places namespaced objects in the bundle namespace, leaving cluster-scoped kinds (CRD scope included) alone', () => {
    expect(
      renderBundle(fleet, 'web', REPO).map(o => [
        o.kind,
        o.metadata.name,
        o.metadata.namespace,
      ]),
    ).toEqual([
      ['Deployment', 'web', 'web'],
      ['Service', 'web', 'web'],
      ['CustomResourceDefinition', 'backups.example.com', undefined],
      ['Backup', 'nightly', undefined],
    ]);
  });

  it('reads Git sources that live in the fleet repository, matching its URL loosely', () => {
    expect(renderBundle(fleet, 'web-next', REPO)[0].spec).toMatchObject({
      template: { spec: { containers: [{ image: 'nginx:1.27' }] } },
    });
    expect(() =>
      renderBundle(fleet, 'web-next', 'https://other.example.com/x.git'),
    ).toThrow(
      "bundle web-next's manifests are in https://git.example.com/platform/fleet, not in the fleet repository",
    );
  });

  it('turns bundles it cannot render into notes and keeps the rest', () => {
    const rendered = renderBundles(
      fleet,
      bundlesOf(fleet, { kind: 'profile', name: 'web' }),
      REPO,
    );
    expect(rendered.objects.map(r => `${r.bundle}:${r.object.kind}`)).toEqual([
      'web:Deployment',
      'web:Service',
      'web:CustomResourceDefinition',
      'web:Backup',
      'readonly-rbac:ClusterRole',
      'readonly-rbac:ClusterRoleBinding',
    ]);
    expect(rendered.notes).toEqual([
      expect.stringMatching(/^bundle guestbook is a Helm chart/),
    ]);
  });

  it("lists a cluster's bundles through its profiles, once each", () => {
    expect(bundlesOf(fleet, { kind: 'cluster', name: 'dev-local' })).toEqual([
      'calico',
      'cert-manager',
      'readonly-rbac',
      'guestbook',
    ]);
  });

  it('refuses an unknown bundle by name', () => {
    expect(() => renderBundle(fleet, 'nope', REPO)).toThrow(
      'there is no valid bundle named nope',
    );
  });

  it('compares two bundles field by field: equal quantities are equal, Helm chart labels and images differ, objects only on the left are deletes', () => {
    const section = compareRendered(
      'bundle web → bundle web-next',
      renderBundles(fleet, ['web'], REPO),
      renderBundles(fleet, ['web-next'], REPO),
    );
    expect(section.method).toBe('exact');
    expect(section.summary).toEqual({
      create: 0,
      update: 1,
      delete: 3,
      unchanged: 0,
    });
    const update = section.objects.find(o => o.action === 'update')!;
    expect(update.bundle).toBe('web-next');
    expect(update.changes).toEqual([
      {
        path: 'metadata.labels.helm.sh/chart',
        kind: 'changed',
        from: 'web-1.2.0',
        to: 'web-1.3.0',
      },
      {
        path: 'spec.template.spec.containers[name=web].image',
        kind: 'changed',
        from: 'nginx:1.25',
        to: 'nginx:1.27',
      },
    ]);
  });
});

describe('diff reports', () => {
  const { fleet } = validateFleet(fleetFiles());
  const report: DiffReport = makeReport(
    { kind: 'profile', name: 'web' },
    { kind: 'bundle', name: 'web-next' },
    [
      compareRendered(
        'a',
        renderBundles(fleet, ['web'], REPO),
        renderBundles(fleet, ['web-next'], REPO),
      ),
      compareRendered(
        'b',
        renderBundles(fleet, ['web-next'], REPO),
        renderBundles(fleet, ['web'], REPO),
      ),
    ],
    new Date('2026-12-02T10:00:00Z'),
  );

  it('adds up its sections and names what it compared', () => {
    expect(report.title).toBe('profile web → bundle web-next');
    expect(report.summary).toEqual({
      create: 3,
      update: 2,
      delete: 3,
      unchanged: 0,
    });
  });

  it('round-trips through its exported JSON file', () => {
    const file = JSON.parse(JSON.stringify(exportDiffReport(report)));
    expect(file).toMatchObject({
      apiVersion: 'arlon.io/v1',
      kind: 'DiffReport',
    });
    expect(parseDiffReportFile(file)).toEqual({ report });
  });

  it('says what is wrong with a file that is not an exported report, and where', () => {
    expect(parseDiffReportFile({ kind: 'DiffReport' })).toEqual({
      problems: expect.arrayContaining([
        'apiVersion: Invalid input: expected "arlon.io/v1"',
        'title: Invalid input: expected string, received undefined',
      ]),
    });
    const file: any = exportDiffReport(report);
    file.sections[0].objects[0].action = 'explode';
    expect(parseDiffReportFile(file)).toEqual({
      problems: [
        'sections.0.objects.0.action: Invalid option: expected one of "create"|"update"|"delete"|"unchanged"',
      ],
    });
  });
});

describe('scopeFromObjects', () => {
  it('knows built-in cluster-scoped kinds and reads CRD scope, defaulting to namespaced', () => {
    const scope = scopeFromObjects([
      {
        kind: 'CustomResourceDefinition',
        spec: { group: 'x.io', scope: 'Namespaced', names: { kind: 'Thing' } },
      } as any,
    ]);
    expect(scope('', 'Namespace')).toBe(false);
    expect(scope('rbac.authorization.k8s.io', 'ClusterRole')).toBe(false);
    expect(scope('x.io', 'Thing')).toBe(true);
    expect(scope('apps', 'Deployment')).toBe(true);
  });
});
