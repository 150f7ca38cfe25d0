import { ConfigReader } from '@backstage/config';
import { readLibrariesConfig } from './readLibrariesConfig';

const read = (libraries: unknown) =>
  readLibrariesConfig(new ConfigReader({ arlon: { libraries } } as any));

describe('readLibrariesConfig', () => {
  it('has no libraries when none are configured', () => {
    expect(readLibrariesConfig(new ConfigReader({}))).toEqual([]);
  });

  it('reads libraries pinned to a tag, a commit, or following a branch', () => {
    expect(
      read([
        {
          name: 'platform',
          url: 'https://git.example.com/platform.git/',
          branch: 'main',
        },
        {
          name: 'security',
          url: 'https://git.example.com/sec.git',
          revision: 'v1.2.0',
        },
        {
          name: 'pinned',
          url: 'https://git.example.com/p.git',
          revision: 'a'.repeat(40),
        },
        {
          name: 'nested',
          url: 'https://git.example.com/n.git',
          branch: 'release/2026',
        },
      ]),
    ).toEqual([
      {
        name: 'platform',
        url: 'https://git.example.com/platform.git',
        pin: { branch: 'main' },
      },
      {
        name: 'security',
        url: 'https://git.example.com/sec.git',
        pin: { revision: 'v1.2.0' },
      },
      {
        name: 'pinned',
        url: 'https://git.example.com/p.git',
        pin: { revision: 'a'.repeat(40) },
      },
      {
        name: 'nested',
        url: 'https://git.example.com/n.git',
        pin: { branch: 'release/2026' },
      },
    ]);
  });

  it('needs exactly one of revision and branch', () => {
    expect(() => read([{ name: 'a', url: 'https://h/a.git' }])).toThrow(
      'arlon.libraries[0] must set exactly one of revision (a tag or full commit: the library stays there) and branch (its head is followed)',
    );
    expect(() =>
      read([
        { name: 'a', url: 'https://h/a.git', revision: 'v1', branch: 'main' },
      ]),
    ).toThrow('must set exactly one of revision');
  });

  it('refuses two libraries of one name', () => {
    expect(() =>
      read([
        { name: 'a', url: 'https://h/a.git', branch: 'main' },
        { name: 'a', url: 'https://h/b.git', branch: 'main' },
      ]),
    ).toThrow(
      'arlon.libraries has two entries named "a"; names must be unique',
    );
  });
});
