import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { arlonProfileApplyPermission } from '@arlon-backstage/plugin-arlon-common';
import { FleetDefinitions } from '../fleet/FleetDefinitions';
import type { FleetChange, FleetRepository } from '../fleet/FleetRepository';
import type { FleetSnapshot } from '../fleet/FleetCheckout';
import { DefinitionDecision } from '../permissions/authorizeDefinitions';
import { assignmentMessage, ProfileAssignments } from './ProfileAssignments';

const cluster = (name: string, owner?: string) =>
  `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: ${name}\n  labels: { env: prod }\n${
    owner ? `  annotations: { arlon.io/owner: "${owner}" }\n` : ''
  }spec:\n  external: { server: https://${name}.example.com }\n  profiles: []\n`;
const profile =
  'apiVersion: core.arlon.io/v1\nkind: Profile\nmetadata:\n  name: apps\nspec:\n  bundles: []\n';
const first: FleetSnapshot = {
  commit: 'a'.repeat(40),
  files: {
    'arlon/profiles/apps.yaml': profile,
    'arlon/clusters/one.yaml': cluster('one'),
  },
};
/** The head after another writer won: a second prod cluster. */
const second: FleetSnapshot = {
  commit: 'b'.repeat(40),
  files: { ...first.files, 'arlon/clusters/two.yaml': cluster('two') },
};

/** A repository whose first commit attempt loses to another writer. */
function racing() {
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
    assignments: new ProfileAssignments(
      new FleetDefinitions(repository as unknown as FleetRepository),
    ),
  };
}

const allow = new DefinitionDecision(arlonProfileApplyPermission, {
  result: AuthorizeResult.ALLOW,
});
const deny = new DefinitionDecision(arlonProfileApplyPermission, {
  result: AuthorizeResult.DENY,
});
const sign = (message: string) => ({
  message: `${message}\n\nby test`,
  author: { name: 'test', email: 'test@example.com' },
});

describe('ProfileAssignments', () => {
  it('returns the clusters a selector matched on the head that was committed', async () => {
    const { assignments } = racing();
    const result = await assignments.apply({
      profiles: ['apps'],
      selection: { selector: 'env=prod' },
      decision: allow,
      sign,
    });
    expect(result.clusters).toEqual(['one', 'two']);
    expect(result.commit).toBe('c'.repeat(40));
  });

  it('signs the message it writes: the caller adds who asked', async () => {
    const { assignments, changes } = racing();
    await assignments.remove({
      profiles: ['apps', 'web'],
      selection: { clusters: ['one'] },
      decision: allow,
      sign,
    });
    expect(changes[0].message).toBe(
      'Remove profiles apps, web from clusters\n\nby test',
    );
    expect(assignmentMessage('apply', ['apps'])).toBe(
      'Apply profile apps to clusters',
    );
  });

  it("checks the caller's decision on the clusters it changes, naming them and their owner", async () => {
    const { assignments } = racing();
    // Refused on the first head planned: nothing is committed.
    await expect(
      assignments.apply({
        profiles: ['apps'],
        selection: { selector: 'env=prod' },
        decision: deny,
        sign,
      }),
    ).rejects.toThrow(
      'You may not apply profiles on these clusters: Cluster "one" (owner group:default/platform) (permission arlon.profile.apply)',
    );
  });
});
