import { parse } from 'yaml';
import { compileFleet } from '../compiler/compileFleet';
import { validateFleet } from '../validation/validateFleet';
import type { Library } from './library';
import { parseLibraryRef } from './library';
import { readLibrary } from './readLibrary';

// Hostile profile entries and libraries: a reference never names a path, a
// prototype key or a library that is not configured, and a library that
// goes away never takes bundles off clusters.

const URL = 'https://git.example.com/platform.git';
const COMMIT = 'b'.repeat(40);

const platform: Library = readLibrary(
  { name: 'platform', url: URL, commit: COMMIT },
  {
    'arlon/bundles/cert-manager.yaml': `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: cert-manager
spec:
  source:
    inline: {}
`,
    'bundles/cert-manager/a.yaml': 'kind: Namespace\n',
  },
).library;

function validate(
  entry: string,
  libraries = new Map([['platform', platform]]),
) {
  return validateFleet(
    {
      'arlon/profiles/base.yaml': `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: base
spec:
  bundles:
    - ${JSON.stringify(entry)}
`,
    },
    { libraries },
  );
}

describe('hostile library references', () => {
  it.each([
    ['../x'],
    ['a/b/c'],
    ['/x'],
    ['x/'],
    ['platform/../cert-manager'],
    ['platform//cert-manager'],
    ['./platform/cert-manager'],
    ['platform/cert-manager/'],
    ['Platform/cert-manager'],
    ['platform/Cert-Manager'],
    ['__proto__/cert-manager'],
    ['platform/__proto__'],
    ['platform/cert-manager\n'],
    ['platform\\cert-manager/x'],
    ['platform/%2e%2e'],
    [`platform/${'a'.repeat(64)}`],
    [`${'p'.repeat(10_000)}/x`],
  ])(
    '"%s" is a problem at its entry, and the profile is not compiled',
    entry => {
      const { problems, fleet } = validate(entry);
      expect(problems).toEqual([
        expect.objectContaining({
          file: 'arlon/profiles/base.yaml',
          field: 'spec.bundles[0]',
          message: expect.stringMatching(
            /must be "<library>\/<bundle>"|is not a library bundle reference/,
          ),
        }),
      ]);
      expect(fleet.profiles.size).toBe(0);
    },
  );

  it('a reference 10,000 characters long is not echoed whole in a suggestion', () => {
    const { problems } = validate(`platform/${'c'.repeat(10_000)}`);
    expect(problems[0].hint).not.toContain('Did you mean');
  });

  it.each([['constructor/x'], ['prototype/x'], ['hasownproperty/x']])(
    '"%s" names no inherited property: it is an unconfigured library',
    entry => {
      const { problems } = validate(entry);
      expect(problems[0].message).toContain('which is not configured');
    },
  );

  it.each([['platform/constructor'], ['platform/tostring']])(
    '"%s" names no inherited property of the library: no such bundle',
    entry => {
      const { problems } = validate(entry);
      expect(problems[0].message).toContain(
        `bundle "${entry}" does not exist in library "platform"`,
      );
    },
  );

  it('a library that disappears (unreachable, last read before) keeps its bundle deployed at the last good commit', () => {
    const { problems, warnings, fleet } = validate(
      'platform/cert-manager',
      new Map([['platform', { ...platform, unreachable: 'HTTP 404' }]]),
    );
    expect(problems).toEqual([]);
    expect(warnings).toHaveLength(1);
    const appset = parse(
      compileFleet(fleet, {
        repoUrl: 'https://git.example.com/fleet.git',
        revision: 'main',
      })['generated/argocd/profiles/base.yaml'],
    );
    expect(
      appset.spec.generators[0].matrix.generators[1].list.elements[0],
    ).toMatchObject({
      repoURL: URL,
      revision: COMMIT,
    });
  });

  it('a library that was removed from the configuration is a problem, so the profile is held rather than compiled without the bundle', () => {
    const { problems, fleet } = validate('platform/cert-manager', new Map());
    expect(problems[0].message).toContain('which is not configured');
    expect(fleet.profiles.size).toBe(0);
  });

  it('parseLibraryRef never returns a name with a separator or dot segment', () => {
    for (const entry of ['a/../b', 'a/./b', '../a/b', 'a/b/..', 'a/.git'])
      expect(parseLibraryRef(entry)).toHaveProperty('problem');
  });
});

describe('hostile library content', () => {
  it('a library bundle named apart from its file, or with unknown fields, is left out with its problem', () => {
    const { library, problems } = readLibrary(
      { name: 'platform', url: URL, commit: COMMIT },
      {
        'arlon/bundles/a.yaml': `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: b
spec:
  source:
    inline: {}
`,
        'bundles/b/x.yaml': 'kind: ConfigMap\n',
        'arlon/bundles/c.yaml': `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: c
  __proto__: {polluted: true}
spec:
  source:
    inline: {}
`,
        'bundles/c/x.yaml': 'kind: ConfigMap\n',
      },
    );
    expect(library.bundles.size).toBe(0);
    expect(new Set(problems.map(p => p.file))).toEqual(
      new Set(['arlon/bundles/a.yaml', 'arlon/bundles/c.yaml']),
    );
    expect(({} as any).polluted).toBeUndefined();
  });

  it("a library's own profiles, clusters and generated tree are never read", () => {
    const { library, problems } = readLibrary(
      { name: 'platform', url: URL, commit: COMMIT },
      {
        'arlon/clusters/evil.yaml': 'not: [valid',
        'generated/argocd/x.yaml': 'kind: Application\n',
      },
    );
    expect(library.bundles.size).toBe(0);
    expect(problems).toEqual([]);
  });
});
