import { validateFleet } from '../validation/validateFleet';
import { compileFleet } from './compileFleet';

/** Regressions for what the property-based suite (compileFleet.fuzz.test.ts) found. */

const OPTIONS = {
  repoUrl: 'https://git.example.com/fleet.git',
  revision: 'main',
};

const bundle = (
  name: string,
  indent = '',
) => `${indent}apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: ${name}
spec:
  source:
    inline: {}
`;
const profile = `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: base
spec:
  bundles: [good, broken]
`;
const cluster = (labels: string) => `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: edge
  labels:
${labels}spec:
  external:
    server: https://edge.example.com:6443
  profiles: [base]
`;

describe('compileFleet, found by fuzzing', () => {
  it('compiles what validation keeps of a commit that broke a bundle a profile lists, leaving that bundle out', () => {
    const files = {
      'arlon/bundles/good.yaml': bundle('good'),
      // A tab before the first key: unreadable YAML, so the bundle is dropped.
      'arlon/bundles/broken.yaml': bundle('broken', '\t'),
      'bundles/good/cm.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n',
      'bundles/broken/cm.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: y\n',
      'arlon/profiles/base.yaml': profile,
      'arlon/clusters/edge.yaml': cluster('    env: dev\n'),
    };
    const { fleet, problems } = validateFleet(files);
    expect(problems.map(p => p.file)).toEqual(['arlon/bundles/broken.yaml']);
    // The profile itself is fine (its broken bundle is reported on its own).
    expect(fleet.profiles.has('base')).toBe(true);

    const generated = compileFleet(fleet, OPTIONS);
    const appSet = generated['generated/argocd/profiles/base.yaml'];
    expect(appSet).toContain('bundle: good');
    expect(appSet).not.toContain('broken');
  });

  it('writes cluster labels into values files in one order, however the definition lists them', () => {
    const files = (labels: string) => ({
      'arlon/bundles/chart.yaml': `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: chart
spec:
  source:
    helmRepository: { repoUrl: 'https://charts.example.com', chart: podinfo, version: 6.5.4 }
`,
      'arlon/profiles/base.yaml': profile.replace('[good, broken]', '[chart]'),
      'arlon/clusters/edge.yaml': cluster(labels),
    });
    const compile = (labels: string) => {
      const { fleet, problems } = validateFleet(files(labels));
      expect(problems).toEqual([]);
      return compileFleet(fleet, OPTIONS)['generated/values/edge/chart.yaml'];
    };
    const values = compile('    zone: b\n    env: dev\n');
    expect(values).toBe(compile('    env: dev\n    zone: b\n'));
    expect(values.indexOf('env: dev')).toBeLessThan(values.indexOf('zone: b'));
  });
});
