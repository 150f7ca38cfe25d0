import { FleetEdit } from '@arlon-backstage/plugin-arlon-common';
import { FleetDefinitions } from './FleetDefinitions';
import type { FleetChange, FleetRepository } from './FleetRepository';
import type { FleetSnapshot } from './FleetCheckout';
import { InvalidDefinitionError } from './InvalidDefinitionError';

const cluster = (name: string, env: string) =>
  `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: ${name}\n  labels: { env: ${env} }\nspec:\n  external: { server: https://${name}.example.com }\n`;
const first: FleetSnapshot = {
  commit: 'a'.repeat(40),
  files: { 'arlon/clusters/one.yaml': cluster('one', 'prod') },
};
/** The head after another writer won: a second prod cluster. */
const second: FleetSnapshot = {
  commit: 'b'.repeat(40),
  files: { ...first.files, 'arlon/clusters/two.yaml': cluster('two', 'prod') },
};

/**
 * A repository whose first commit attempt loses to another writer: the plan
 * runs on `first`, then on `second`, which is committed.
 */
function racingRepository() {
  const changes: FleetChange[] = [];
  const repository = {
    config: { url: 'https://git.example.com/fleet.git', branch: 'main' },
    read: async () => second,
    change: async (change: FleetChange) => {
      changes.push(change);
      await change.plan(first);
      await change.plan(second);
      return {
        commit: 'c'.repeat(40),
        parent: second.commit,
        files: [],
        attempts: 2,
      };
    },
  };
  return {
    changes,
    definitions: new FleetDefinitions(repository as unknown as FleetRepository),
  };
}

const prodClusters = (files: Record<string, string>) => {
  const names = Object.keys(files).map(p =>
    p.replace(/^arlon\/clusters\/(.*)\.yaml$/, '$1'),
  );
  return {
    edits: [
      { op: 'delete', kind: 'Cluster', name: names[0] } as FleetEdit,
    ] as FleetEdit[],
    value: names,
  };
};

const request = {
  message: 'test',
  author: { name: 'test', email: 'test@example.com' },
};

describe('FleetDefinitions.change: what the plan computed', () => {
  it('returns the value of the plan that was committed (replanned after another writer won)', async () => {
    const { definitions } = racingRepository();
    const result = await definitions.change(request, prodClusters);
    expect(result.value).toEqual(['one', 'two']);
    expect(result.commit).toBe('c'.repeat(40));
  });

  it('a plan that returns only edits still works (value undefined)', async () => {
    const { definitions } = racingRepository();
    const result = await definitions.change(
      request,
      files => prodClusters(files).edits,
    );
    expect(result.value).toBeUndefined();
    expect(result.attempts).toBe(2);
  });
});

describe('FleetDefinitions.check: validated on the head, nothing committed', () => {
  it('plans on the head and returns its value and commit without a commit attempt', async () => {
    const { definitions, changes } = racingRepository();
    const checked = await definitions.check({}, prodClusters);
    expect(checked).toEqual({ parent: second.commit, value: ['one', 'two'] });
    expect(changes).toHaveLength(0);
  });

  it('runs the request check (permission) on the head first', async () => {
    const { definitions } = racingRepository();
    const denied = new Error('denied');
    const plan = jest.fn(prodClusters);
    await expect(
      definitions.check(
        {
          check: () => {
            throw denied;
          },
        },
        plan,
      ),
    ).rejects.toBe(denied);
    expect(plan).not.toHaveBeenCalled();
  });

  it('refuses edits that would break the fleet, as change does', async () => {
    const { definitions, changes } = racingRepository();
    await expect(
      definitions.check({}, () => [
        {
          op: 'put',
          kind: 'Cluster',
          name: 'three',
          yaml: 'apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: three\nspec:\n  clusterSpec: missing\n',
        },
      ]),
    ).rejects.toBeInstanceOf(InvalidDefinitionError);
    expect(changes).toHaveLength(0);
  });

  it('refuses edits of definitions that are not there', async () => {
    const { definitions } = racingRepository();
    await expect(
      definitions.check({}, () => [
        { op: 'delete', kind: 'Cluster', name: 'nowhere' },
      ]),
    ).rejects.toThrow('Not in the fleet repository');
  });
});
