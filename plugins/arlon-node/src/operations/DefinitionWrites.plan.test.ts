import { ConflictError, NotFoundError } from '@backstage/errors';
import type { ArlonObject } from '@arlon-backstage/plugin-arlon-common';
import { planCreateOnce, planDefinitionWrite } from './DefinitionWrites.plan';

const profileYaml = (name: string, bundle: string) =>
  `apiVersion: core.arlon.io/v1\nkind: Profile\nmetadata:\n  name: ${name}\nspec:\n  bundles: [${bundle}]\n`;
const profile = (name: string, bundle: string): ArlonObject =>
  ({
    apiVersion: 'core.arlon.io/v1',
    kind: 'Profile',
    metadata: { name },
    spec: { bundles: [bundle] },
  } as unknown as ArlonObject);
const files = { 'arlon/profiles/apps.yaml': profileYaml('apps', 'guestbook') };

describe('planDefinitionWrite (the REST create, update and delete)', () => {
  it('puts a new definition as written', () => {
    const yaml = profileYaml('web', 'nginx');
    expect(
      planDefinitionWrite(files, 'create', 'Profile', 'web', yaml),
    ).toEqual([{ op: 'put', kind: 'Profile', name: 'web', yaml }]);
  });

  it('refuses to create a taken name, even with the same content: the client can update', () => {
    const write = () =>
      planDefinitionWrite(
        files,
        'create',
        'Profile',
        'apps',
        profileYaml('apps', 'guestbook'),
      );
    expect(write).toThrow(ConflictError);
    expect(write).toThrow(
      'A Profile named "apps" already exists; update it instead',
    );
  });

  it.each(['update', 'delete'] as const)(
    'refuses to %s what is not there',
    op => {
      const write = () =>
        planDefinitionWrite(files, op, 'Profile', 'web', undefined);
      expect(write).toThrow(NotFoundError);
      expect(write).toThrow('No Profile named "web" in the fleet repository');
    },
  );

  it('updates and deletes what is there', () => {
    const yaml = profileYaml('apps', 'nginx');
    expect(
      planDefinitionWrite(files, 'update', 'Profile', 'apps', yaml),
    ).toEqual([{ op: 'put', kind: 'Profile', name: 'apps', yaml }]);
    expect(
      planDefinitionWrite(files, 'delete', 'Profile', 'apps', undefined),
    ).toEqual([{ op: 'delete', kind: 'Profile', name: 'apps' }]);
  });

  it('does not take a definition of another kind for this one', () => {
    expect(
      planDefinitionWrite(files, 'create', 'Bundle', 'apps', 'x: 1\n'),
    ).toEqual([{ op: 'put', kind: 'Bundle', name: 'apps', yaml: 'x: 1\n' }]);
  });
});

describe('planCreateOnce (a template step that may run again)', () => {
  it('puts a new definition', () => {
    const [edit] = planCreateOnce(files, profile('web', 'nginx'));
    expect(edit).toMatchObject({ op: 'put', kind: 'Profile', name: 'web' });
  });

  it('is no edit when the same definition is there', () => {
    expect(planCreateOnce(files, profile('apps', 'guestbook'))).toEqual([]);
  });

  it('refuses a different definition under a taken name, naming its file', () => {
    const write = () => planCreateOnce(files, profile('apps', 'nginx'));
    expect(write).toThrow(ConflictError);
    expect(write).toThrow(
      'A Profile named "apps" already exists (arlon/profiles/apps.yaml) with different content; choose another name, or edit that file',
    );
  });

  it('lets the caller say what counts as the same', () => {
    expect(planCreateOnce(files, profile('apps', 'nginx'), () => true)).toEqual(
      [],
    );
  });
});
