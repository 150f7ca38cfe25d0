import type { ArlonObject } from '@arlon-backstage/plugin-arlon-common';
import { FleetDefinitions } from '../fleet/FleetDefinitions';
import type { FleetChange, FleetRepository } from '../fleet/FleetRepository';
import type { FleetSnapshot } from '../fleet/FleetCheckout';
import { DefinitionWrites } from './DefinitionWrites';

const bundleYaml = (name: string) =>
  `apiVersion: core.arlon.io/v1\nkind: Bundle\nmetadata:\n  name: ${name}\nspec:\n  source:\n    git: { repoUrl: https://git.example.com/apps.git, path: ${name}, revision: HEAD, type: directory }\n`;
const first: FleetSnapshot = {
  commit: 'a'.repeat(40),
  files: { 'arlon/bundles/one.yaml': bundleYaml('one') },
};
/** The head after another writer won: a second bundle. */
const second: FleetSnapshot = {
  commit: 'b'.repeat(40),
  files: { ...first.files, 'arlon/bundles/two.yaml': bundleYaml('two') },
};

/** A repository whose first commit attempt loses to another writer; what each plan returned. */
function racingRepository() {
  const planned: Array<Record<string, string | null>> = [];
  const repository = {
    config: { url: 'https://git.example.com/fleet.git', branch: 'main' },
    read: async () => second,
    change: async (change: FleetChange) => {
      planned.push(await change.plan(first));
      planned.push(await change.plan(second));
      return {
        commit: 'c'.repeat(40),
        parent: second.commit,
        files: [],
        attempts: 2,
      };
    },
  };
  return {
    planned,
    writes: new DefinitionWrites(
      new FleetDefinitions(repository as unknown as FleetRepository),
    ),
  };
}

const request = {
  message: 'test',
  author: { name: 'test', email: 'test@example.com' },
};

/** A profile of every bundle the head holds: what it is depends on the head. */
const profileOfEveryBundle = (files: Record<string, string>): ArlonObject =>
  ({
    apiVersion: 'core.arlon.io/v1',
    kind: 'Profile',
    metadata: { name: 'all' },
    spec: {
      bundles: Object.keys(files).map(f =>
        f.replace(/^arlon\/bundles\/(.*)\.yaml$/, '$1'),
      ),
    },
  } as unknown as ArlonObject);

describe('DefinitionWrites', () => {
  it('createOnce returns the definition planned on the head that was committed', async () => {
    const { writes } = racingRepository();
    const result = await writes.createOnce(request, files => ({
      definition: profileOfEveryBundle(files),
    }));
    expect(result.commit).toBe('c'.repeat(40));
    expect(result.definition).toMatchObject({
      metadata: { name: 'all' },
      spec: { bundles: ['one', 'two'] },
    });
  });

  it('createOnce writes the edits that go with the definition in the same change', async () => {
    const { writes, planned } = racingRepository();
    await writes.createOnce(request, files => ({
      definition: profileOfEveryBundle(files),
      with: () => [
        {
          op: 'bundleFiles',
          bundle: 'two',
          files: {
            'cm.yaml':
              'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n',
          },
        },
      ],
    }));
    expect(Object.keys(planned[1])).toEqual(
      expect.arrayContaining([
        'arlon/profiles/all.yaml',
        'bundles/two/cm.yaml',
      ]),
    );
  });

  it('write checks the name before the repository is read', async () => {
    const { writes, planned } = racingRepository();
    await expect(
      writes.write('create', 'Bundle', '../x', bundleYaml('x'), request),
    ).rejects.toThrow('metadata.name');
    expect(planned).toEqual([]);
  });
});
