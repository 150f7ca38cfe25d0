import { ConfigReader } from '@backstage/config';
import { ScmIntegrations } from '@backstage/integration';
import {
  definitionViews,
  readLibrary,
  type Library,
} from '@arlon-backstage/plugin-arlon-common';
import type { LibraryStatus } from '@arlon-backstage/plugin-arlon-node';
import { fleetEntities } from './fleetEntities';
import { fleetLinks } from './fleetLinks';
import { libraryEntities } from './libraryEntities';

const URL = 'https://git.example.com/platform.git';
const COMMIT = 'c'.repeat(40);
const OPTIONS = { fleet: 'default', defaultOwner: 'group:default/platform' };

const bundle = (name: string, extra = '') => `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: ${name}
${extra}spec:
  description: ${name} for every cluster
  tags: [Security, tls]
  source:
    inline: {}
`;

function status(overrides: Partial<Library> = {}): LibraryStatus {
  const { library } = readLibrary(
    { name: 'platform', url: URL, commit: COMMIT },
    {
      'arlon/bundles/cert-manager.yaml': bundle(
        'cert-manager',
        '  annotations:\n    arlon.io/owner: group:default/security\n',
      ),
      'bundles/cert-manager/a.yaml': 'kind: Namespace\n',
    },
  );
  return {
    library: { ...library, ...overrides },
    pin: { branch: 'main' },
    problems: [],
  };
}

describe('libraryEntities', () => {
  it('shows each library bundle as a Bundle entity with its source', () => {
    expect(libraryEntities([status()], OPTIONS)).toEqual([
      {
        apiVersion: 'backstage.io/v1alpha1',
        kind: 'Resource',
        metadata: {
          name: 'bundle-platform.cert-manager',
          namespace: 'default',
          title: 'platform/cert-manager',
          description: 'cert-manager for every cluster',
          tags: ['security', 'tls'],
          annotations: {
            'arlon.io/fleet': 'default',
            'arlon.io/kind': 'Bundle',
            'arlon.io/library': 'platform',
            'arlon.io/library-url': URL,
            'arlon.io/library-revision': COMMIT,
            'arlon.io/library-pin': 'branch main',
            'arlon.io/source-file': 'arlon/bundles/cert-manager.yaml',
            'backstage.io/managed-by-location': `url:${URL}`,
            'backstage.io/managed-by-origin-location': `url:${URL}`,
          },
          links: [{ url: URL, title: 'Library "platform"' }],
        },
        spec: { type: 'arlon-bundle', owner: 'group:default/security' },
      },
    ]);
  });

  it('keeps the entities of a library that cannot be read now, marked unreachable', () => {
    const [entity] = libraryEntities(
      [
        status({
          unreachable: 'library "platform" at x was not found (HTTP 404)',
        }),
      ],
      OPTIONS,
    );
    expect(entity.metadata.annotations).toMatchObject({
      'arlon.io/library-revision': COMMIT,
      'arlon.io/library-unreachable':
        'library "platform" at x was not found (HTTP 404)',
    });
  });

  it('has no entity for a library never read', () => {
    expect(
      libraryEntities(
        [
          {
            ...status(),
            library: {
              name: 'platform',
              url: URL,
              bundles: new Map(),
              unreachable: 'not read yet',
            },
          },
        ],
        OPTIONS,
      ),
    ).toEqual([]);
  });

  it("never takes the name of a fleet bundle, and a profile depends on the library bundle's entity", () => {
    const fleet = fleetEntities(
      definitionViews({
        'arlon/bundles/platform-cert-manager.yaml': bundle(
          'platform-cert-manager',
        ),
        'arlon/profiles/base.yaml': `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: base
spec:
  bundles: [platform-cert-manager, platform/cert-manager, ../x]
`,
      }),
      () => undefined,
      {
        ...OPTIONS,
        links: fleetLinks(
          ScmIntegrations.fromConfig(new ConfigReader({})),
          'https://github.com/acme/fleet.git',
          'main',
        ),
      },
    );
    const library = libraryEntities([status()], OPTIONS);
    const names = [...fleet, ...library].map(e => e.metadata.name);
    expect(new Set(names).size).toBe(names.length);
    const profile = fleet.find(e => e.metadata.name === 'profile-base')!;
    expect(profile.spec!.dependsOn).toEqual([
      'resource:default/bundle-platform-cert-manager',
      'resource:default/bundle-platform.cert-manager',
    ]);
  });
});
