import { readLibrary } from '@arlon-backstage/plugin-arlon-common';
import { libraryEntities } from './libraryEntities';

// A library's content is a committer's input the portal did not write:
// its entities carry no credential and no name a fleet bundle could take.

const OPTIONS = { fleet: 'default', defaultOwner: 'group:default/platform' };
const COMMIT = 'd'.repeat(40);

const statusAt = (url: string, files: Record<string, string>) => ({
  library: readLibrary({ name: 'platform', url, commit: COMMIT }, files)
    .library,
  pin: { revision: 'v1.0.0' } as const,
  problems: [],
});

const bundle = (name: string) => `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: ${name}
spec:
  source:
    inline: {}
`;

describe('hostile library entities', () => {
  it('a URL with credentials (refused by the config, checked again) never reaches an entity', () => {
    const entities = libraryEntities(
      [
        statusAt('https://bot:hunter2@git.example.com/p.git?token=x#f', {
          'arlon/bundles/a.yaml': bundle('a'),
          'bundles/a/x.yaml': 'kind: ConfigMap\n',
        }),
      ],
      OPTIONS,
    );
    expect(JSON.stringify(entities)).not.toMatch(/hunter2|bot@|token=x/);
    expect(entities[0].metadata.annotations!['arlon.io/library-url']).toBe(
      'https://git.example.com/p.git',
    );
  });

  it('a URL that is not http(s) gives no entity rather than a link to it', () => {
    expect(
      libraryEntities(
        [
          statusAt('file:///etc/passwd', {
            'arlon/bundles/a.yaml': bundle('a'),
            'bundles/a/x.yaml': 'x: 1\n',
          }),
        ],
        OPTIONS,
      ),
    ).toEqual([]);
  });

  it('bundles with hostile names never become entities (they are left out of the library)', () => {
    const entities = libraryEntities(
      [
        statusAt('https://git.example.com/p.git', {
          'arlon/bundles/x.yaml': bundle('../x'),
          'arlon/bundles/__proto__.yaml': bundle('__proto__'),
          'arlon/bundles/ok.yaml': bundle('ok'),
          'bundles/ok/x.yaml': 'kind: ConfigMap\n',
        }),
      ],
      OPTIONS,
    );
    expect(entities.map(e => e.metadata.name)).toEqual(['bundle-platform.ok']);
  });

  it('a long library and bundle name still makes a valid entity name', () => {
    const long = 'b'.repeat(63);
    const entities = libraryEntities(
      [
        {
          ...statusAt('https://git.example.com/p.git', {
            [`arlon/bundles/${long}.yaml`]: bundle(long),
            [`bundles/${long}/x.yaml`]: 'kind: ConfigMap\n',
          }),
        },
      ],
      OPTIONS,
    );
    expect(entities[0].metadata.name.length).toBeLessThanOrEqual(63);
    expect(entities[0].metadata.name).toMatch(/^[a-z0-9]+([-_.][a-z0-9]+)*$/);
  });
});
