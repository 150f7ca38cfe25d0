import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { validateFleet } from '../validation/validateFleet';

const files = readFleetDir(EXAMPLE_FLEET_DIR);
const FILE = 'arlon/bundles/podinfo.yaml';
/** Lines of the fields in `chartBundle`: repoUrl on 8, chart on 9, version on 10. */
const LINE = { repoUrl: 8, chart: 9, version: 10 } as const;

const chartBundle = (over: Record<string, string> = {}) =>
  `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: podinfo
spec:
  source:
    helmRepository:
${Object.entries({
  repoUrl: 'https://stefanprodan.github.io/podinfo',
  chart: 'podinfo',
  version: '6.5.4',
  ...over,
})
  .map(([k, v]) => `      ${k}: ${JSON.stringify(v)}\n`)
  .join('')}`;

const validate = (text: string) => validateFleet({ ...files, [FILE]: text });

describe('a Helm repository bundle: accepted', () => {
  it.each([
    ['a plain repository', {}],
    [
      'a repository with a path',
      { repoUrl: 'https://charts.example.com/stable/' },
    ],
    ['a port', { repoUrl: 'https://charts.example.com:8443/helm' }],
    ["cert-manager's v-prefixed version", { version: 'v1.21.1' }],
    ['a pre-release with build metadata', { version: '1.2.3-rc.1+build.7' }],
    ['a chart name with dots and underscores', { chart: 'my_chart.v2' }],
  ])('%s', (_, over) => {
    const { fleet, problems } = validate(chartBundle(over));
    expect(problems).toEqual([]);
    expect(fleet.bundles.get('podinfo')?.object.spec.source).toEqual({
      helmRepository: expect.objectContaining(over),
    });
  });
});

describe('a Helm repository bundle: hostile values are a problem at their line', () => {
  const cases: Array<
    [string, Record<string, string>, keyof typeof LINE, RegExp]
  > = [
    [
      'an http URL',
      { repoUrl: 'http://charts.example.com' },
      'repoUrl',
      /must be an https:\/\/ URL/,
    ],
    [
      'a file: URL',
      { repoUrl: 'file:///etc/passwd' },
      'repoUrl',
      /must be an https:\/\/ URL/,
    ],
    [
      'an OCI registry',
      { repoUrl: 'oci://ghcr.io/acme/charts' },
      'repoUrl',
      /is an OCI registry/,
    ],
    [
      'a user and password',
      { repoUrl: 'https://bob:hunter2@charts.example.com' },
      'repoUrl',
      /must not carry a user name or password/,
    ],
    [
      'a user name alone',
      { repoUrl: 'https://token@charts.example.com' },
      'repoUrl',
      /must not carry a user name or password/,
    ],
    [
      'a query',
      { repoUrl: 'https://charts.example.com/?token=x' },
      'repoUrl',
      /must not have a query/,
    ],
    [
      'a fragment',
      { repoUrl: 'https://charts.example.com/#x' },
      'repoUrl',
      /must not have a query/,
    ],
    [
      'a quote and a newline',
      {
        repoUrl:
          'https://x.example.com"\n  server: https://kubernetes.default.svc',
      },
      'repoUrl',
      /must not contain spaces, quotes/,
    ],
    [
      'template braces',
      { repoUrl: 'https://x.example.com/{{ .server }}' },
      'repoUrl',
      /must not contain spaces, quotes, braces/,
    ],
    [
      'a space',
      { repoUrl: 'https://x.example.com/a b' },
      'repoUrl',
      /must not contain spaces/,
    ],
    [
      'no host',
      { repoUrl: 'https:///charts' },
      'repoUrl',
      /must be an https URL of a host/,
    ],
    [
      'an over-long URL',
      { repoUrl: `https://x.example.com/${'a'.repeat(2048)}` },
      'repoUrl',
      /at most 2048 characters/,
    ],
    [
      'a chart with a path',
      { chart: '../../etc/passwd' },
      'chart',
      /without '\/'/,
    ],
    [
      'a repository in the chart',
      { chart: 'jetstack/cert-manager' },
      'chart',
      /without '\/'/,
    ],
    [
      'template braces in the chart',
      { chart: '{{ .server }}' },
      'chart',
      /must be a chart name/,
    ],
    [
      'a newline in the chart',
      { chart: 'x\nproject: default' },
      'chart',
      /must be a chart name/,
    ],
    ['an empty chart', { chart: '' }, 'chart', /must not be empty/],
    ['a caret range', { version: '^1.2.0' }, 'version', /is a version range/],
    ['a tilde range', { version: '~1.2' }, 'version', /is a version range/],
    [
      'a comparison range',
      { version: '>=1.0.0 <2.0.0' },
      'version',
      /is a version range/,
    ],
    ['a wildcard', { version: '*' }, 'version', /is a version range/],
    ['an x range', { version: '1.2.x' }, 'version', /is a version range/],
    [
      'latest',
      { version: 'latest' },
      'version',
      /must be an exact chart version/,
    ],
    [
      'a branch name',
      { version: 'main' },
      'version',
      /must be an exact chart version/,
    ],
    [
      'a quote and a newline in the version',
      { version: '1.0.0"\nproject: default' },
      'version',
      /version range|exact chart version/,
    ],
    ['an empty version', { version: '' }, 'version', /must not be empty/],
  ];
  it.each(cases)('%s', (_, over, field, message) => {
    const { fleet, problems } = validate(chartBundle(over));
    expect(problems).toEqual([
      expect.objectContaining({
        file: FILE,
        line: LINE[field],
        field: `spec.source.helmRepository.${field}`,
        message: expect.stringMatching(message),
        hint: expect.stringMatching(/^Use /),
      }),
    ]);
    expect(fleet.bundles.has('podinfo')).toBe(false);
  });

  it('never echoes a password from the URL', () => {
    const { problems } = validate(
      chartBundle({ repoUrl: 'https://bob:hunter2@charts.example.com' }),
    );
    expect(JSON.stringify(problems)).not.toContain('hunter2');
  });

  it('a missing version is a problem at the helmRepository mapping', () => {
    const { problems } = validate(
      chartBundle().replace(/ {6}version: .*\n/, ''),
    );
    expect(problems).toEqual([
      expect.objectContaining({
        file: FILE,
        line: 7,
        field: 'spec.source.helmRepository.version',
        message: 'missing required field spec.source.helmRepository.version',
      }),
    ]);
  });

  it('an unknown field beside chart is refused, not ignored', () => {
    const { problems } = validate(
      chartBundle().replace(
        '    helmRepository:\n',
        '    helmRepository:\n      path: charts/x\n',
      ),
    );
    expect(problems).toEqual([
      expect.objectContaining({
        file: FILE,
        line: 8,
        field: 'spec.source.helmRepository.path',
        message: 'unknown field spec.source.helmRepository.path',
      }),
    ]);
  });

  it('a bundle naming both git and helmRepository is one problem at spec.source', () => {
    const { problems } = validate(
      chartBundle().replace(
        '  source:\n',
        '  source:\n    git:\n      repoUrl: https://github.com/acme/x.git\n      path: .\n      revision: main\n      type: helm\n',
      ),
    );
    expect(problems).toEqual([
      expect.objectContaining({
        file: FILE,
        line: 6,
        field: 'spec.source',
        message:
          'a bundle has one source, inline, git or helmRepository; this one names git and helmRepository',
      }),
    ]);
  });
});
