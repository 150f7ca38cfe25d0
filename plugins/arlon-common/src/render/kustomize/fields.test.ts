import { validateFleet } from '../../validation/validateFleet';
import { renderBundles } from '../renderBundle';
import { renderSource } from '../renderSource';
import { UNSUPPORTED_FIELDS } from './fields';

const render = (kustomization: string) =>
  renderSource(
    new Map([
      ['app/kustomization.yaml', kustomization],
      ['app/cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n'],
    ]),
    'app',
    false,
  );

describe('kustomization fields the renderer does not implement', () => {
  it.each([...UNSUPPORTED_FIELDS])(
    'refuses `%s` by name instead of ignoring it',
    field => {
      expect(() => render(`resources: [cm.yaml]\n${field}: []\n`)).toThrow(
        `app/kustomization.yaml: field \`${field}\` is not supported by Arlon's renderer; render it in Git (commit the output of kustomize build) or compare the bundle against a live cluster where ArgoCD has applied it`,
      );
    },
  );

  it('refuses a field kustomize does not know (a typo) rather than dropping it', () => {
    expect(() => render('resources: [cm.yaml]\ncommonLabel: {a: b}\n')).toThrow(
      'app/kustomization.yaml: `commonLabel` is not a kustomization field; check its spelling (kustomize itself refuses unknown fields)',
    );
  });

  it('renders the fields it implements, nameSuffix and bases included', () => {
    expect(
      render(
        'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nbases: [cm.yaml]\nnamePrefix: p-\nnameSuffix: -s\nnamespace: ns\n',
      ),
    ).toEqual([
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'p-a-s', namespace: 'ns' },
      },
    ]);
  });

  it('reads label and annotation values as kustomize reads them into strings: as written, null as empty', () => {
    const [cm] = render(
      'resources: [cm.yaml]\ncommonLabels: {version: 1.10, empty: , flag: true}\ncommonAnnotations: {build: 010}\n',
    );
    expect(cm.metadata.labels).toEqual({
      version: '1.10',
      empty: '',
      flag: 'true',
    });
    expect(cm.metadata.annotations).toEqual({ build: '010' });
  });

  it('reaches a pre-flight as a note naming the bundle file and field, the bundle not compared', () => {
    const { fleet, problems } = validateFleet({
      'arlon/bundles/helmish.yaml':
        'apiVersion: core.arlon.io/v1\nkind: Bundle\nmetadata:\n  name: helmish\nspec:\n  source:\n    inline: {}\n',
      'bundles/helmish/kustomization.yaml':
        'helmCharts:\n- {name: redis, repo: "https://charts.example.com", version: 1.0.0}\n',
    });
    expect(problems).toEqual([]);
    expect(renderBundles(fleet, ['helmish'])).toEqual({
      objects: [],
      notes: [
        "bundles/helmish/kustomization.yaml: field `helmCharts` is not supported by Arlon's renderer; render it in Git (commit the output of kustomize build) or compare the bundle against a live cluster where ArgoCD has applied it",
      ],
    });
  });
});
