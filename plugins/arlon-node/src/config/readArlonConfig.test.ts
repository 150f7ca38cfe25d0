import { JsonValue } from '@backstage/types';
import { ConfigReader } from '@backstage/config';
import { readArlonConfig } from './readArlonConfig';

const read = (arlon: JsonValue) => readArlonConfig(new ConfigReader({ arlon }));

describe('readArlonConfig', () => {
  it('reads nothing configured as no clusters and no repository', () => {
    expect(readArlonConfig(new ConfigReader({}))).toEqual({
      fleetRepo: undefined,
      managementClusters: [],
      libraries: [],
    });
  });

  it('reads the library repositories with the rest', () => {
    expect(
      read({
        libraries: [
          {
            name: 'platform',
            url: 'https://git.example.com/p.git',
            branch: 'main',
          },
        ],
      }).libraries,
    ).toEqual([
      {
        name: 'platform',
        url: 'https://git.example.com/p.git',
        pin: { branch: 'main' },
      },
    ]);
  });

  it('applies the documented defaults', () => {
    const config = read({
      fleetRepo: { url: 'https://git.example.com/fleet.git/' },
      managementClusters: [{ name: 'prod', url: 'https://k8s.example.com' }],
    });
    expect(config.fleetRepo).toEqual({
      url: 'https://git.example.com/fleet.git',
      branch: 'main',
      writeMode: 'commit',
      regenerate: 'commit',
    });
    expect(config.managementClusters[0]).toEqual({
      name: 'prod',
      url: 'https://k8s.example.com',
      serviceAccountToken: undefined,
      caData: undefined,
      skipTLSVerify: false,
      argocdNamespace: 'argocd',
    });
  });

  it('names the key of a URL that is not one', () => {
    expect(() =>
      read({ managementClusters: [{ name: 'a', url: 'not a url' }] }),
    ).toThrow('arlon.managementClusters[0].url "not a url" is not a URL');
  });

  it('refuses a non-HTTP fleet repository URL', () => {
    expect(() =>
      read({ fleetRepo: { url: 'ssh://git@host/fleet.git' } }),
    ).toThrow(
      'arlon.fleetRepo.url "ssh://git@host/fleet.git" must be an http or https URL',
    );
  });

  it('refuses an unknown write mode', () => {
    expect(() =>
      read({ fleetRepo: { url: 'https://h/f.git', writeMode: 'push' } }),
    ).toThrow('"push" must be "commit" or "pullRequest"');
  });

  it('regenerates as the portal writes unless told otherwise, and refuses an unknown regenerate mode', () => {
    const url = 'https://h/f.git';
    expect(
      read({ fleetRepo: { url, writeMode: 'pullRequest' } }).fleetRepo,
    ).toMatchObject({ regenerate: 'pullRequest' });
    expect(
      read({ fleetRepo: { url, writeMode: 'pullRequest', regenerate: 'off' } })
        .fleetRepo,
    ).toMatchObject({ writeMode: 'pullRequest', regenerate: 'off' });
    expect(() => read({ fleetRepo: { url, regenerate: 'always' } })).toThrow(
      'arlon.fleetRepo.regenerate "always" must be "commit", "pullRequest" or "off"',
    );
  });

  it('refuses plain http without skipTLSVerify, which client-node would reject later', () => {
    expect(() =>
      read({
        managementClusters: [{ name: 'a', url: 'http://127.0.0.1:6443' }],
      }),
    ).toThrow(
      'arlon.managementClusters[0].url "http://127.0.0.1:6443" is plain http, which needs arlon.managementClusters[0].skipTLSVerify: true',
    );
    expect(
      read({
        managementClusters: [
          { name: 'a', url: 'http://127.0.0.1:6443', skipTLSVerify: true },
        ],
      }).managementClusters[0].skipTLSVerify,
    ).toBe(true);
  });

  it('refuses two management clusters with one name', () => {
    expect(() =>
      read({
        managementClusters: [
          { name: 'a', url: 'https://one' },
          { name: 'a', url: 'https://two' },
        ],
      }),
    ).toThrow('two entries named "a"');
  });

  it('refuses a context name that is not a DNS label', () => {
    expect(() =>
      read({ managementClusters: [{ name: 'Prod_EU', url: 'https://one' }] }),
    ).toThrow('arlon.managementClusters[0].name "Prod_EU"');
  });

  it('refuses a context name longer than a DNS label (clusters name it in spec.managementCluster)', () => {
    expect(() =>
      read({
        managementClusters: [{ name: 'a'.repeat(64), url: 'https://one' }],
      }),
    ).toThrow('at most 63 characters');
    expect(
      read({
        managementClusters: [{ name: 'a'.repeat(63), url: 'https://one' }],
      }).managementClusters[0].name,
    ).toBe('a'.repeat(63));
  });

  it('reads default: true, and refuses two management clusters marked default', () => {
    const config = read({
      managementClusters: [
        { name: 'a', url: 'https://one' },
        { name: 'b', url: 'https://two', default: true },
      ],
    });
    expect(config.managementClusters.map(c => c.default)).toEqual([
      undefined,
      true,
    ]);
    expect(() =>
      read({
        managementClusters: [
          { name: 'a', url: 'https://one', default: true },
          { name: 'b', url: 'https://two', default: true },
        ],
      }),
    ).toThrow(
      'arlon.managementClusters marks "a" and "b" default: true; mark one (it builds the clusters that name no management cluster)',
    );
  });
});
