import { parse } from 'yaml';
import { compileFleet } from '../compiler/compileFleet';
import { renderBundles } from '../render/renderBundle';
import { validateFleet } from '../validation/validateFleet';
import type { Library, LibraryCatalog } from './library';
import { generatedBundleName, parseLibraryRef } from './library';
import { readLibrary } from './readLibrary';

const OPTIONS = {
  repoUrl: 'https://git.example.com/fleet.git',
  revision: 'main',
};
const PLATFORM_URL = 'https://git.example.com/platform.git';
const COMMIT = 'a'.repeat(40);

const bundle = (name: string, extra = '') => `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: ${name}
spec:
  source:
    inline: {}
${extra}`;

/** The platform library: an inline bundle and a Helm chart from Git. */
function platform(overrides: Partial<Library> = {}): Library {
  const { library, problems } = readLibrary(
    { name: 'platform', url: PLATFORM_URL, commit: COMMIT },
    {
      'arlon/bundles/cert-manager.yaml': bundle('cert-manager'),
      'bundles/cert-manager/manifests.yaml': 'kind: Namespace\n',
      'arlon/bundles/ingress.yaml': `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: ingress
spec:
  source:
    git:
      repoUrl: https://git.example.com/charts.git
      path: ingress
      revision: v1.2.3
      type: helm
  parameters:
    - name: replicas
      default: 1
`,
    },
  );
  expect(problems).toEqual([]);
  return { ...library, ...overrides };
}

const profile = (bundles: string, values = '') => `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: base
spec:
  bundles: ${bundles}
${values}`;

const cluster = `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: prod
spec:
  external:
    server: https://prod.example.com
  profiles: [base]
`;

function fleetFiles(bundles: string, values = '') {
  return {
    'arlon/profiles/base.yaml': profile(bundles, values),
    'arlon/clusters/prod.yaml': cluster,
    'arlon/bundles/web.yaml': bundle('web'),
    'bundles/web/deploy.yaml': 'kind: ConfigMap\n',
  };
}

const catalog = (...libraries: Library[]): LibraryCatalog =>
  new Map(libraries.map(l => [l.name, l]));

describe('library bundle references', () => {
  it('splits <library>/<bundle> into two names', () => {
    expect(parseLibraryRef('platform/cert-manager')).toEqual({
      library: 'platform',
      bundle: 'cert-manager',
    });
    expect(generatedBundleName('platform/cert-manager')).toBe(
      'platform-cert-manager',
    );
    expect(generatedBundleName('web')).toBe('web');
  });

  it('accepts a profile naming a bundle of a configured library', () => {
    const { problems, warnings, fleet } = validateFleet(
      fleetFiles('[web, platform/cert-manager]'),
      { libraries: catalog(platform()) },
    );
    expect(problems).toEqual([]);
    expect(warnings).toEqual([]);
    expect(fleet.profiles.has('base')).toBe(true);
  });

  it('names an unknown library and the configured ones', () => {
    const { problems } = validateFleet(fleetFiles('[tools/cert-manager]'), {
      libraries: catalog(platform()),
    });
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'arlon/profiles/base.yaml',
        field: 'spec.bundles[0]',
        message:
          'bundle "tools/cert-manager" names library "tools", which is not configured',
        hint: expect.stringContaining('The configured libraries are: platform'),
      }),
    ]);
  });

  it('suggests a close library name', () => {
    const { problems } = validateFleet(fleetFiles('[platfrm/cert-manager]'), {
      libraries: catalog(platform()),
    });
    expect(problems[0].hint).toBe('Did you mean "platform"?');
  });

  it('without any libraries (the CLI), a library reference is a problem that says where it is checked', () => {
    const { problems } = validateFleet(fleetFiles('[platform/cert-manager]'));
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toContain(
      'library "platform", which is not configured',
    );
    expect(problems[0].hint).toContain('arlon.libraries');
  });

  it('names a bundle the library does not have, with a close name', () => {
    const { problems } = validateFleet(fleetFiles('[platform/cert-manger]'), {
      libraries: catalog(platform()),
    });
    expect(problems).toEqual([
      expect.objectContaining({
        field: 'spec.bundles[0]',
        message: `bundle "platform/cert-manger" does not exist in library "platform" at ${COMMIT.slice(
          0,
          12,
        )}`,
        hint: 'Did you mean "platform/cert-manager"?',
      }),
    ]);
  });

  it('a library never read is a problem: the profile is held, never compiled without it', () => {
    const { problems, fleet } = validateFleet(
      fleetFiles('[platform/cert-manager]'),
      {
        libraries: catalog({
          name: 'platform',
          url: PLATFORM_URL,
          bundles: new Map(),
          unreachable: 'the Git server did not answer',
        }),
      },
    );
    expect(problems[0].message).toBe(
      `bundle "platform/cert-manager": library "platform" (${PLATFORM_URL}) has never been read (the Git server did not answer)`,
    );
    expect(fleet.profiles.has('base')).toBe(false);
  });

  it('a library unreachable now but read before is a warning, and its bundle still compiles at the last good commit', () => {
    const stale = platform({ unreachable: 'the Git server did not answer' });
    const { problems, warnings, fleet } = validateFleet(
      fleetFiles('[platform/cert-manager]'),
      { libraries: catalog(stale) },
    );
    expect(problems).toEqual([]);
    expect(warnings).toEqual([
      expect.objectContaining({
        field: 'spec.bundles[0]',
        message: `library "platform" could not be read (the Git server did not answer); bundle "platform/cert-manager" stays at the last known good commit ${COMMIT.slice(
          0,
          12,
        )}`,
      }),
    ]);
    const appset = parse(
      compileFleet(fleet, OPTIONS)['generated/argocd/profiles/base.yaml'],
    );
    expect(
      appset.spec.generators[0].matrix.generators[1].list.elements,
    ).toEqual([
      {
        bundle: 'platform-cert-manager',
        repoURL: PLATFORM_URL,
        path: 'bundles/cert-manager',
        revision: COMMIT,
        type: 'directory',
      },
    ]);
  });

  it("checks values against the library bundle's declared parameters", () => {
    const { problems } = validateFleet(
      fleetFiles(
        '[platform/ingress]',
        '  values:\n    platform/ingress:\n      replicas: 2\n      replcas: 3\n',
      ),
      { libraries: catalog(platform()) },
    );
    expect(problems).toEqual([
      expect.objectContaining({
        field: 'spec.values.platform/ingress.replcas',
        message: 'bundle "platform/ingress" declares no parameter "replcas"',
      }),
    ]);
  });

  it("reports a library bundle whose Application collides with a fleet bundle's", () => {
    const files = {
      ...fleetFiles('[platform-ingress, platform/ingress]'),
      'arlon/bundles/platform-ingress.yaml': bundle('platform-ingress'),
      'bundles/platform-ingress/x.yaml': 'kind: ConfigMap\n',
    };
    const { problems } = validateFleet(files, {
      libraries: catalog(platform()),
    });
    expect(problems.map(p => p.message)).toContainEqual(
      expect.stringContaining(
        'would both be the ArgoCD Application "prod-platform-ingress"',
      ),
    );
  });
});

describe('compiling library bundles', () => {
  const { fleet, problems } = validateFleet(
    fleetFiles(
      '[web, platform/cert-manager, platform/ingress]',
      '  values:\n    platform/ingress:\n      replicas: 2\n',
    ),
    { libraries: catalog(platform()) },
  );
  const generated = compileFleet(fleet, OPTIONS);
  const appset = parse(generated['generated/argocd/profiles/base.yaml']);

  it('validates', () => expect(problems).toEqual([]));

  it('reads an inline library bundle from the library at its resolved commit, a Git one from its own source', () => {
    expect(
      appset.spec.generators[0].matrix.generators[1].list.elements,
    ).toEqual([
      {
        bundle: 'web',
        repoURL: OPTIONS.repoUrl,
        path: 'bundles/web',
        revision: 'main',
        type: 'directory',
      },
      {
        bundle: 'platform-cert-manager',
        repoURL: PLATFORM_URL,
        path: 'bundles/cert-manager',
        revision: COMMIT,
        type: 'directory',
      },
      {
        bundle: 'platform-ingress',
        repoURL: 'https://git.example.com/charts.git',
        path: 'ingress',
        revision: 'v1.2.3',
        type: 'helm',
      },
    ]);
  });

  it("lets the bundles AppProject read the library and its bundles' repositories", () => {
    const project = parse(
      generated['generated/argocd/projects/arlon-bundles.yaml'],
    );
    expect(project.spec.sourceRepos).toEqual([
      'https://git.example.com/charts.git',
      OPTIONS.repoUrl,
      PLATFORM_URL,
    ]);
  });

  it('writes the Helm values of a library bundle under its generated name', () => {
    expect(
      parse(generated['generated/values/prod/platform-ingress.yaml']),
    ).toMatchObject({ replicas: 2, arlon: { clusterName: 'prod' } });
  });

  it('compiles a fleet without library references exactly as before', () => {
    const without = validateFleet(fleetFiles('[web]'), {
      libraries: catalog(platform()),
    });
    const plain = validateFleet(fleetFiles('[web]'));
    expect(compileFleet(without.fleet, OPTIONS)).toEqual(
      compileFleet(plain.fleet, OPTIONS),
    );
  });
});

describe('pre-flight of a library bundle', () => {
  it('is a note naming the library and its commit, not a missing bundle', () => {
    const { fleet } = validateFleet(fleetFiles('[platform/cert-manager]'), {
      libraries: catalog(platform()),
    });
    const rendered = renderBundles(fleet, ['platform/cert-manager']);
    expect(rendered.objects).toEqual([]);
    expect(rendered.notes).toEqual([
      expect.stringContaining(
        `bundle platform/cert-manager comes from the library platform (${PLATFORM_URL} at ${COMMIT.slice(
          0,
          12,
        )}); library bundles are not rendered here`,
      ),
    ]);
  });
});

describe('readLibrary', () => {
  it('lends bundles only, and leaves out a broken bundle with its problem', () => {
    const { library, problems } = readLibrary(
      { name: 'platform', url: PLATFORM_URL, commit: COMMIT },
      {
        'arlon/bundles/good.yaml': bundle('good'),
        'bundles/good/a.yaml': 'kind: ConfigMap\n',
        'arlon/bundles/empty.yaml': bundle('empty'),
        'arlon/profiles/p.yaml': profile('[good]'),
        'generated/x.yaml': 'anything',
      },
    );
    expect([...library.bundles.keys()]).toEqual(['good']);
    expect(problems.map(p => p.file)).toEqual(['arlon/bundles/empty.yaml']);
  });
});
