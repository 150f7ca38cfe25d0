import { parse } from 'yaml';
import { compileFleet, nest } from '../compiler/compileFleet';
import { planFleetEdit } from '../compiler/planFleetEdit';
import { definitionPath, InvalidNameError } from '../model/names';
import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { validateFleet } from './validateFleet';

const OPTIONS = {
  repoUrl: 'https://git.example.com/fleet.git',
  revision: 'main',
};
const files = readFleetDir(EXAMPLE_FLEET_DIR);

const bundle = (name: string, git?: Record<string, string>) =>
  `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: ${JSON.stringify(name)}
spec:
  source:
${
  git
    ? `    git:\n${Object.entries(git)
        .map(([k, v]) => `      ${k}: ${JSON.stringify(v)}\n`)
        .join('')}`
    : '    inline: {}\n'
}`;

const gitBundle = (over: Record<string, string>) =>
  bundle('podinfo', {
    repoUrl: 'https://github.com/stefanprodan/podinfo.git',
    path: 'charts/podinfo',
    revision: '6.5.4',
    type: 'helm',
    ...over,
  });

const cluster = (name: string, extra = '') =>
  `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: ${name}
spec:
  clusterSpec: docker-dev
${extra}`;

describe('hostile names: refused before any path is built', () => {
  it.each([
    ['a traversal', '../x'],
    ['a deep traversal', '../../../../some/dir/x'],
    ['an encoded traversal', '..%2F..%2Fx'],
    ['an absolute path', '/etc/passwd'],
    ['a nested path', 'a/b'],
    ['Git’s own folder', '.git/config'],
    ['an empty name', ''],
    ['a 64-character name', 'a'.repeat(64)],
    ['upper case', 'Prod'],
    ['a unicode lookalike (Cyrillic а)', 'prod-\u0430'],
    ['a NUL byte', 'prod\u0000x'],
    ['a newline', 'prod\nkind: Cluster'],
  ])(
    '%s (%j) is an InvalidNameError naming the field, and plans nothing',
    (_, name) => {
      const plan = () =>
        planFleetEdit(
          files,
          [{ op: 'put', kind: 'Bundle', name, yaml: bundle(name) }],
          OPTIONS,
        );
      expect(plan).toThrow(InvalidNameError);
      expect(plan).toThrow(/^the Bundle's name ".*" must /);
      expect(() => definitionPath('Bundle', name)).toThrow(/^metadata\.name /);
    },
  );

  it('a traversal in a delete, an update or inline bundle files is refused too', () => {
    for (const edit of [
      { op: 'delete' as const, kind: 'Cluster' as const, name: '../dev-local' },
      {
        op: 'update' as const,
        kind: 'Cluster' as const,
        names: ['dev-local', '../../x'],
        update: (o: any) => o,
      },
      { op: 'bundleFiles' as const, bundle: '../../x', files: {} },
    ])
      expect(() => planFleetEdit(files, [edit], OPTIONS)).toThrow(
        InvalidNameError,
      );
  });

  it('a file whose name and metadata.name disagree is a problem at metadata.name', () => {
    const { problems } = validateFleet({
      ...files,
      'arlon/bundles/web.yaml': bundle('other'),
      'bundles/other/cm.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n',
    });
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'arlon/bundles/web.yaml',
        field: 'metadata.name',
        message: 'the Bundle is named "other", but its file is web.yaml',
      }),
    ]);
  });

  it.each([
    'arlon/bundles/nested/x.yaml',
    'arlon/widgets/x.yaml',
    'arlon/x.yaml',
  ])('YAML at %s is a problem, not silently ignored', file => {
    const { problems } = validateFleet({ ...files, [file]: bundle('x') });
    expect(problems).toEqual([
      expect.objectContaining({
        file,
        message: `${file} is not where definitions live, so it is not read`,
      }),
    ]);
  });

  it('a file name that is not a definition name is a problem', () => {
    const { problems } = validateFleet({
      ...files,
      'arlon/bundles/Web.yaml': bundle('web'),
    });
    expect(problems.map(p => p.message)).toContain(
      'the file name "Web" is not a definition name: it must be lower-case letters, digits and \'-\', starting and ending with a letter or digit (RFC 1123)',
    );
  });
});

describe('reserved names and colliding Applications are problems at their line', () => {
  it.each([
    'arlon-fleet',
    'argocd',
    'default',
    'kube-system',
    'kube-public',
    'kube-node-lease',
    'kube-anything',
    'capi-system',
  ])('a cluster named %s', name => {
    const { problems } = validateFleet({
      ...files,
      [`arlon/clusters/${name}.yaml`]: cluster(name),
    });
    expect(problems).toEqual([
      expect.objectContaining({
        file: `arlon/clusters/${name}.yaml`,
        line: 4,
        field: 'metadata.name',
        message: `"${name}" is reserved: it is a namespace or ArgoCD object of the management cluster`,
      }),
    ]);
  });

  it('cluster "dev-local-guestbook" vs cluster "dev-local" with bundle "guestbook": both lines say so', () => {
    const { problems } = validateFleet({
      ...files,
      'arlon/clusters/dev-local-guestbook.yaml': cluster('dev-local-guestbook'),
    });
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'arlon/clusters/dev-local-guestbook.yaml',
        field: 'metadata.name',
        message:
          'the root Application of cluster "dev-local-guestbook" and the Application of bundle "guestbook" (profile "apps") on cluster "dev-local" would both be the ArgoCD Application "dev-local-guestbook"',
      }),
      expect.objectContaining({
        file: 'arlon/clusters/dev-local.yaml',
        field: expect.stringMatching(/^spec\.profiles\[\d\]$/),
      }),
    ]);
  });

  it('cluster "a" with bundle "b-c" vs cluster "a-b" with bundle "c"', () => {
    const extra = (b: string) =>
      `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: p-${b}
spec:
  bundles: [${b}]
`;
    const { problems } = validateFleet({
      ...files,
      'arlon/bundles/b-c.yaml': bundle('b-c'),
      'bundles/b-c/cm.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n',
      'arlon/bundles/c.yaml': bundle('c'),
      'bundles/c/cm.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n',
      'arlon/profiles/p-b-c.yaml': extra('b-c'),
      'arlon/profiles/p-c.yaml': extra('c'),
      'arlon/clusters/a.yaml': cluster('a', '  profiles: [p-b-c]\n'),
      'arlon/clusters/a-b.yaml': cluster('a-b', '  profiles: [p-c]\n'),
    });
    expect(problems.map(p => [p.file, p.field])).toEqual([
      ['arlon/clusters/a-b.yaml', 'spec.profiles[0]'],
      ['arlon/clusters/a.yaml', 'spec.profiles[0]'],
    ]);
    expect(problems[0].message).toMatch(/ArgoCD Application "a-b-c"$/);
  });

  it('an Application name over 63 characters (it becomes a label value)', () => {
    const name = `c${'x'.repeat(55)}`;
    const { problems } = validateFleet({
      ...files,
      [`arlon/clusters/${name}.yaml`]: cluster(name, '  profiles: [apps]\n'),
    });
    expect(problems).toEqual([
      expect.objectContaining({
        field: 'spec.profiles[0]',
        message: expect.stringMatching(
          /^the Application ".*-guestbook" .* is 66 characters; ArgoCD needs at most 63$/,
        ),
      }),
    ]);
  });

  it('a bundle Application named like the bootstrap Application', () => {
    const { problems } = validateFleet({
      ...files,
      'arlon/bundles/fleet.yaml': bundle('fleet'),
      'bundles/fleet/cm.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n',
      'arlon/profiles/p.yaml':
        'apiVersion: core.arlon.io/v1\nkind: Profile\nmetadata:\n  name: p\nspec:\n  bundles: [fleet]\n',
      'arlon/clusters/arlon.yaml': cluster('arlon', '  profiles: [p]\n'),
    });
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'arlon/clusters/arlon.yaml',
        message: expect.stringContaining(
          'would be named "arlon-fleet", the fleet\'s bootstrap Application',
        ),
      }),
    ]);
  });
});

describe('keys that reach a prototype are refused everywhere', () => {
  const withValues = (values: string) =>
    files['arlon/clusters/dev-local.yaml'].replace(
      /values:\n/,
      `values:\n${values}`,
    );

  it.each([
    [
      'a parameter name',
      'arlon/bundles/guestbook.yaml',
      (t: string) => t.replace(/- name: \w+/, '- name: __proto__.polluted'),
    ],
    [
      'a labels key',
      'arlon/clusters/qa-1.yaml',
      () =>
        cluster('qa-1').replace(
          'metadata:\n',
          'metadata:\n  labels:\n    __proto__: x\n',
        ),
    ],
    [
      'an annotations key',
      'arlon/clusters/dev-local.yaml',
      (t: string) =>
        t.replace(
          'metadata:\n',
          'metadata:\n  annotations:\n    constructor: x\n',
        ),
    ],
    [
      'a values key',
      'arlon/clusters/dev-local.yaml',
      () => withValues('  __proto__:\n    polluted: true\n'),
    ],
    [
      'a values parameter path',
      'arlon/clusters/dev-local.yaml',
      () => withValues('  guestbook:\n    prototype.x: 1\n'),
    ],
    [
      'a key deep in spec',
      'arlon/clusterspecs/docker-dev.yaml',
      (t: string) => t.replace('spec:\n', 'spec:\n  constructor:\n    x: 1\n'),
    ],
  ])('%s', (_, file, change) => {
    const { problems } = validateFleet({
      ...files,
      [file]: change(files[file]),
    });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toEqual(
      expect.objectContaining({
        file,
        message: expect.stringMatching(
          /(the key "(__proto__|constructor|prototype(\.x)?)" is not allowed|must not have a __proto__, constructor or prototype segment|must be a Helm value path)/,
        ),
      }),
    );
    expect(({} as any).polluted).toBeUndefined();
  });

  it('a dry run with __proto__.polluted does not poison later validations', () => {
    const hostile = files['arlon/bundles/guestbook.yaml'].replace(
      /- name: \w+\n(\s+)default: [^\n]+/,
      '- name: __proto__.polluted\n$1default: yes-polluted',
    );
    const plan = planFleetEdit(
      files,
      [{ op: 'put', kind: 'Bundle', name: 'guestbook', yaml: hostile }],
      OPTIONS,
    );
    expect(plan.problems.length).toBeGreaterThan(0);
    expect(({} as any).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    // The next valid request still passes.
    const next = planFleetEdit(
      files,
      [{ op: 'put', kind: 'Cluster', name: 'qa-1', yaml: cluster('qa-1') }],
      OPTIONS,
    );
    expect(next.problems).toEqual([]);
  });

  it('nest builds objects without a prototype and skips such segments even unvalidated', () => {
    const values = nest({
      '__proto__.polluted': 'yes',
      'constructor.prototype.polluted': 'yes',
      'image.tag': 'v1',
    });
    expect(({} as any).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(values)).toBeNull();
    expect(JSON.parse(JSON.stringify(values))).toEqual({
      image: { tag: 'v1' },
    });
  });
});

describe('injection into generated manifests', () => {
  const payloads: Array<[string, Record<string, string>, string]> = [
    [
      'a quote in the repoUrl',
      { repoUrl: "https://github.com/acme/x'.git" },
      'spec.source.git.repoUrl',
    ],
    [
      'a quote and a newline in path',
      {
        path: 'x"\n  destination:\n    server: https://kubernetes.default.svc\n#',
      },
      'spec.source.git.path',
    ],
    ['a leading / in path', { path: '/etc' }, 'spec.source.git.path'],
    [
      'a .. segment in path',
      { path: 'charts/../../x' },
      'spec.source.git.path',
    ],
    [
      'template braces in path',
      { path: '{{ .server }}' },
      'spec.source.git.path',
    ],
    [
      'a quote and a newline in revision',
      { revision: 'main"\nproject: default' },
      'spec.source.git.revision',
    ],
    [
      'closing braces in revision',
      { revision: 'v1}}{{ .server' },
      'spec.source.git.revision',
    ],
    ['.. in revision', { revision: 'a..b' }, 'spec.source.git.revision'],
    [
      'a quote and a newline in repoUrl',
      {
        repoUrl:
          'https://x.example.com/a.git"\n  server: https://kubernetes.default.svc',
      },
      'spec.source.git.repoUrl',
    ],
    [
      'template braces in repoUrl',
      { repoUrl: 'https://x.example.com/{{ .server }}.git' },
      'spec.source.git.repoUrl',
    ],
    [
      'a space in repoUrl',
      { repoUrl: 'https://x.example.com/a b.git' },
      'spec.source.git.repoUrl',
    ],
    [
      'a file:// repoUrl',
      { repoUrl: 'file:///etc' },
      'spec.source.git.repoUrl',
    ],
  ];
  it.each(payloads)('%s is a problem at its field', (_, over, field) => {
    const { problems } = validateFleet({
      ...files,
      'arlon/bundles/podinfo.yaml': gitBundle(over),
    });
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems)
      expect(problem).toEqual(
        expect.objectContaining({ file: 'arlon/bundles/podinfo.yaml', field }),
      );
  });

  it('accepts ordinary Git sources: ssh, scp-like, tags with +, SHAs, the root folder', () => {
    const sources: Array<Record<string, string>> = [
      { repoUrl: 'ssh://git@github.com/acme/charts.git', path: '.' },
      { repoUrl: 'git@github.com:acme/charts.git', revision: 'v1.2.3+build.1' },
      { revision: '0123456789abcdef0123456789abcdef01234567' },
      { revision: 'release/2024-01' },
    ];
    for (const over of sources) {
      const { problems } = validateFleet({
        ...files,
        'arlon/bundles/podinfo.yaml': gitBundle(over),
      });
      expect([over, problems]).toEqual([over, []]);
    }
  });

  it('the templatePatch quotes every interpolated value with toJson', () => {
    const { fleet } = validateFleet(files);
    const generated = compileFleet(fleet, OPTIONS);
    const appset = parse(generated['generated/argocd/profiles/apps.yaml']);
    const interpolations: string[] =
      appset.spec.templatePatch.match(/\{\{[^}]*\}\}/g) ?? [];
    const values = interpolations.filter(
      t => !/^\{\{-? *(if|end|else)\b/.test(t),
    );
    // Five in the block for charts in Git, five for charts from a Helm repository.
    expect(values.length).toBe(10);
    for (const t of values) expect(t).toMatch(/\| toJson \}\}$/);
  });
});

describe('hostile external servers: never plain http, never the management cluster', () => {
  const external = (server: string) =>
    `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: edge-x
spec:
  external:
    server: ${JSON.stringify(server)}
`;
  it.each([
    ['plain http', 'http://10.0.0.1:6443', 'must be an https URL'],
    [
      'cloud metadata over http',
      'http://169.254.169.254',
      'must be an https URL',
    ],
    [
      'the in-cluster address',
      'https://kubernetes.default.svc',
      'management cluster itself',
    ],
    [
      'its long form',
      'https://kubernetes.default.svc.cluster.local:443',
      'management cluster itself',
    ],
    ['a file URL', 'file:///etc/passwd', 'must be an https URL'],
  ])('%s is a problem at spec.external.server', (_, server, message) => {
    const { fleet, problems } = validateFleet({
      ...files,
      'arlon/clusters/edge-x.yaml': external(server),
    });
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'arlon/clusters/edge-x.yaml',
        field: 'spec.external.server',
        message: expect.stringContaining(message),
      }),
    ]);
    expect(fleet.clusters.has('edge-x')).toBe(false);
  });

  it('accepts an https API server', () => {
    const { problems } = validateFleet({
      ...files,
      'arlon/clusters/edge-x.yaml': external('https://203.0.113.7:6443'),
    });
    expect(problems).toEqual([]);
  });
});
