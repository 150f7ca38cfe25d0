/* eslint jest/expect-expect: ["warn", { "assertFunctionNames": ["expect", "expectHeld", "kit.registeredWith"] }] */
import { createArlonConditionalDecision } from '@arlon-backstage/plugin-arlon-node';
import { arlonConditions } from '@arlon-backstage/plugin-arlon-node';
import type { Permission } from '@backstage/plugin-permission-common';
import request from 'supertest';
import {
  ALLOW,
  DENY,
  HeldFleetKit,
  startHeldFleet,
} from './__testUtils__/heldFleet';

const FILE = 'arlon/clusters/prod-us-west.yaml';
const HELD = { 'profile.arlon.io/infrastructure': 'true' };

/** "Billion laughs": a few hundred bytes that would expand to 9^9 strings. */
function aliasBomb(): string {
  let text = `a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n`;
  let previous = 'a';
  for (const level of 'bcdefghi') {
    text += `${level}: &${level} [${Array(9)
      .fill(`*${previous}`)
      .join(',')}]\n`;
    previous = level;
  }
  return text;
}

/**
 * Hostile and mistaken commits pushed straight to Git: whatever the fleet
 * repository's head says about prod-us-west, short of a clean deletion, its
 * ArgoCD Secret keeps its profile labels (so nothing it runs is pruned), and
 * the portal refuses to compile a fleet over the broken definition.
 */
describe('last known good (hostile)', () => {
  let kit: HeldFleetKit;
  let text: string;

  beforeAll(async () => {
    kit = await startHeldFleet();
    await kit.registered();
    text = await kit.original(FILE);
  }, 120_000);
  afterAll(() => kit?.stop());
  afterEach(async () => {
    kit.policy.decide = () => ALLOW;
  });

  /** Pushes `changes`, checks prod-us-west is held with nothing removed, restores it. */
  const expectHeld = async (
    changes: Record<string, string | null>,
    message: string,
  ) => {
    await kit.pushAndSettle(changes, message, {
      witness: 'staging-eu',
      poked: ['prod-us-west'],
    });
    expect(await kit.profileLabels('prod-us-west')).toEqual(HELD);
    expect(await kit.applicationExists('prod-us-west-calico')).toBe(true);
    const restore: Record<string, string | null> = { [FILE]: text };
    for (const file of Object.keys(changes))
      if (file !== FILE) restore[file] = null;
    await kit.sandbox.pushToFleet(restore, `Restore after: ${message}`);
  };

  it('YAML that does not parse', () =>
    expectHeld({ [FILE]: 'kind: Cluster\n  metadata: [\n' }, 'unparseable'));

  it('a definition moved out of its folder', () =>
    expectHeld({ [FILE]: null, 'arlon/prod-us-west.yaml': text }, 'moved up'));

  it("a definition moved into another kind's folder", () =>
    expectHeld(
      { [FILE]: null, 'arlon/profiles/prod-us-west.yaml': text },
      'moved into profiles',
    ));

  it('a definition whose name no longer matches its file', () =>
    expectHeld(
      { [FILE]: text.replace('name: prod-us-west', 'name: prod-us-wset') },
      'misnamed',
    ));

  it('a file renamed to a name that does not match its definition', () =>
    expectHeld(
      { [FILE]: null, 'arlon/clusters/prod-us-wset.yaml': text },
      'renamed file',
    ));

  it('a broken file that names no definition, while the definition is gone', () =>
    expectHeld(
      { [FILE]: null, 'arlon/clusters/Prod West.yaml': ': : [\n' },
      'unattributable',
    ));

  it('an alias bomb in place of the definition', () =>
    expectHeld({ [FILE]: aliasBomb() }, 'alias bomb'));

  it('a __proto__ key in the definition', () =>
    expectHeld(
      {
        [FILE]: text.replace(
          'spec:\n',
          'spec:\n  __proto__: { external: { server: https://evil.example } }\n',
        ),
      },
      'prototype key',
    ));

  it('a duplicate definition claiming the same name in another file', () =>
    expectHeld(
      {
        'arlon/clusters/prod-us-west-copy.yaml': text.replace(
          'profiles: [infrastructure]',
          'profiles: []',
        ),
      },
      'duplicate',
    ));

  describe('while prod-us-west is broken', () => {
    beforeAll(async () => {
      await kit.sandbox.pushToFleet(
        { [FILE]: text.replace('profiles:', 'profles:') },
        'typo',
      );
    });
    afterAll(() => kit.sandbox.pushToFleet({ [FILE]: text }, 'fix'));

    it('a portal write elsewhere is refused naming the broken file, and commits nothing', async () => {
      const head = await kit.head();
      const res = await request(kit.server)
        .put('/api/arlon/clusters/staging-eu')
        .set('Content-Type', 'application/yaml')
        .send(await kit.original('arlon/clusters/staging-eu.yaml'))
        .expect(400);
      expect(JSON.stringify(res.body)).toContain(FILE);
      expect(await kit.head()).toBe(head);
    });

    it('POST /regenerate is refused naming the broken file, and commits nothing', async () => {
      const head = await kit.head();
      const res = await request(kit.server)
        .post('/api/arlon/regenerate')
        .expect(400);
      expect(JSON.stringify(res.body)).toContain(FILE);
      expect(await kit.head()).toBe(head);
    });

    it('GET /verify without arlon.definition.read discloses no held definition', async () => {
      kit.policy.decide = (p: Permission) =>
        p.name === 'arlon.definition.read' ? DENY : ALLOW;
      const res = await request(kit.server)
        .get('/api/arlon/verify')
        .expect(200);
      expect(res.body.lastKnownGood).toEqual({
        status: 'unknown',
        message:
          'You may not read definitions (permission arlon.definition.read)',
      });
      expect(JSON.stringify(res.body)).not.toContain('prod-us-west');
    });

    it("GET /verify for another team's owner lists none of the platform's held definitions", async () => {
      kit.policy.decide = (p: Permission) =>
        p.name === 'arlon.definition.read'
          ? createArlonConditionalDecision(
              p as any,
              arlonConditions.isArlonOwner({
                claims: ['group:default/team-a'],
              }),
            )
          : ALLOW;
      const res = await request(kit.server)
        .get('/api/arlon/verify')
        .expect(200);
      expect(res.body.lastKnownGood.status).toBe('ok');
      expect(JSON.stringify(res.body.lastKnownGood)).not.toContain(
        'prod-us-west',
      );
    });
  });

  it('a deliberate deletion is a real removal: the labels go', async () => {
    await kit.pushAndSettle({ [FILE]: null }, 'Remove prod-us-west', {
      witness: 'staging-eu',
      poked: ['prod-us-west'],
    });
    await kit.registeredWith('prod-us-west', []);
    await kit.sandbox.pushToFleet({ [FILE]: text }, 'Bring it back');
    await kit.registeredWith('prod-us-west', ['infrastructure']);
  });
});
