import { parse } from 'yaml';
import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { validateFleet } from '../validation/validateFleet';
import { compileFleet } from './compileFleet';

const OPTIONS = {
  repoUrl: 'https://git.example.com/fleet.git',
  revision: 'main',
};

const podinfo = `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: podinfo
spec:
  source:
    helmRepository:
      repoUrl: https://stefanprodan.github.io/podinfo
      chart: podinfo
      version: 6.5.4
  parameters:
    - name: replicaCount
      default: 1
    - name: service.type
      default: ClusterIP
`;
const web = `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: web
spec:
  bundles: [podinfo]
  values:
    podinfo:
      replicaCount: 2
`;

function compile() {
  const files: Record<string, string> = {
    ...readFleetDir(EXAMPLE_FLEET_DIR),
    'arlon/bundles/podinfo.yaml': podinfo,
    'arlon/profiles/web.yaml': web,
  };
  files['arlon/clusters/dev-local.yaml'] = files[
    'arlon/clusters/dev-local.yaml'
  ].replace(/profiles: \[([^\]]*)\]/, 'profiles: [$1, web]');
  files['arlon/clusters/dev-local.yaml'] = files[
    'arlon/clusters/dev-local.yaml'
  ].replace(
    '  values:\n',
    '  values:\n    podinfo:\n      service.type: NodePort\n',
  );
  const { fleet, problems } = validateFleet(files);
  expect(problems).toEqual([]);
  return compileFleet(fleet, OPTIONS);
}

describe('a bundle from a Helm chart repository', () => {
  const generated = compile();
  const [appset] = [parse(generated['generated/argocd/profiles/web.yaml'])];

  it('is a list element of kind chart: repository, chart, and the exact version as revision', () => {
    const elements =
      appset.spec.generators[0].matrix.generators[1].list.elements;
    expect(elements[0]).toEqual({
      bundle: 'podinfo',
      repoURL: 'https://stefanprodan.github.io/podinfo',
      chart: 'podinfo',
      path: '',
      revision: '6.5.4',
      type: 'chart',
    });
    // The template reads .path, .repoURL and .revision of every element (missingkey=error).
    for (const element of elements)
      expect(Object.keys(element)).toEqual(
        expect.arrayContaining([
          'bundle',
          'repoURL',
          'path',
          'revision',
          'type',
        ]),
      );
  });

  it("patches the Application's source into ArgoCD's chart source reading the merged values", () => {
    const patch: string = appset.spec.templatePatch;
    const chart = patch.slice(patch.indexOf('{{- if eq .type "chart" }}'));
    expect(chart).toBe(
      [
        '{{- if eq .type "chart" }}',
        'spec:',
        '  source: null',
        '  sources:',
        '    - repoURL: {{ .repoURL | toJson }}',
        '      targetRevision: {{ .revision | toJson }}',
        '      chart: {{ .chart | toJson }}',
        '      helm:',
        '        releaseName: {{ .bundle | toJson }}',
        '        valueFiles:',
        '          - {{ printf "$values/generated/values/%s/%s.yaml" .name .bundle | toJson }}',
        '        ignoreMissingValueFiles: true',
        '    - repoURL: "https://git.example.com/fleet.git"',
        '      targetRevision: "main"',
        '      ref: values',
        '{{- end }}',
        '',
      ].join('\n'),
    );
  });

  it('merges its values like a chart from Git: bundle defaults < profile < cluster, with the cluster name', () => {
    expect(parse(generated['generated/values/dev-local/podinfo.yaml'])).toEqual(
      {
        replicaCount: 2,
        service: { type: 'NodePort' },
        arlon: { clusterName: 'dev-local', clusterLabels: { env: 'dev' } },
      },
    );
  });

  it('lets the arlon-bundles project read the chart repository, and nothing it does not use', () => {
    const project = parse(
      generated['generated/argocd/projects/arlon-bundles.yaml'],
    );
    expect(project.spec.sourceRepos).toContain(
      'https://stefanprodan.github.io/podinfo',
    );
    expect(project.spec.sourceRepos).toContain('https://charts.jetstack.io');
    expect(project.spec.sourceRepos).not.toContain(
      'https://github.com/cert-manager/cert-manager.git',
    );
  });
});
