import { InputError } from '@backstage/errors';
import { assignProfiles } from './assignProfiles';

const cluster = (name: string) =>
  `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: ${name}\n  labels: { env: prod }\nspec:\n  external: { server: https://${name}.example.com }\n  profiles: []\n`;
const files = {
  'arlon/profiles/apps.yaml':
    'apiVersion: core.arlon.io/v1\nkind: Profile\nmetadata:\n  name: apps\nspec:\n  bundles: []\n',
  'arlon/clusters/one.yaml': cluster('one'),
  'arlon/clusters/two.yaml': cluster('two'),
};

describe('assignProfiles, hostile or careless selectors', () => {
  // Before the one label selector (arlon-common/src/selectors), a blank
  // selector was refused; the shared parser reads it as "everything", as
  // kubectl does. For a write that would put a profile on every cluster of
  // the fleet from a template field left with a space: still refused.
  it.each(['', ' ', '\t', '  \n '])(
    'refuses the blank selector %j instead of selecting every cluster',
    selector => {
      expect(() =>
        assignProfiles(files, 'apply', ['apps'], { selector }),
      ).toThrow(InputError);
    },
  );

  it('still selects by a real selector', () => {
    expect(
      assignProfiles(files, 'apply', ['apps'], { selector: 'env=prod' })
        .clusters,
    ).toEqual(['one', 'two']);
  });

  it('echoes no more than a prefix of a huge selector when no cluster is there to match', () => {
    const selector = `env=${'a'.repeat(50)},${'x'.repeat(100_000)}`;
    const noClusters = {
      'arlon/profiles/apps.yaml': files['arlon/profiles/apps.yaml'],
    };
    let message = '';
    try {
      assignProfiles(noClusters, 'apply', ['apps'], { selector });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toBe('');
    expect(message.length).toBeLessThan(300);
  });
});
