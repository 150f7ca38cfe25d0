import { parseAllDocuments } from 'yaml';
import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';

interface PolicyRule {
  apiGroups?: string[];
  resources?: string[];
  verbs?: string[];
  nonResourceURLs?: string[];
}

const READS = ['get', 'list', 'watch'];

/**
 * The rules that let a subject read Secrets, as the RBAC authorizer matches
 * them: the core group ('') or '*', the resource `secrets` or '*', and a
 * read verb or '*'.
 */
function secretReadingRules(rules: PolicyRule[]): PolicyRule[] {
  return rules.filter(
    rule =>
      (rule.apiGroups ?? []).some(g => g === '' || g === '*') &&
      (rule.resources ?? []).some(r => r === 'secrets' || r === '*') &&
      (rule.verbs ?? []).some(v => v === '*' || READS.includes(v)),
  );
}

const files = readFleetDir(EXAMPLE_FLEET_DIR);
const objects = Object.entries(files)
  .filter(([file]) => file.startsWith('bundles/readonly-rbac/'))
  .flatMap(([, text]) => parseAllDocuments(text).map(d => d.toJS()))
  .filter(Boolean);

describe('the example readonly-rbac bundle reads no Secrets', () => {
  const roles = objects.filter(
    o => o.kind === 'ClusterRole' || o.kind === 'Role',
  );

  it('has its read-only role', () => {
    expect(roles.map(r => r.metadata.name)).toEqual(['arlon-readonly']);
  });

  it.each(roles.map(r => [r.metadata.name, r]))(
    '%s: no rule grants get, list or watch on secrets (directly or through *)',
    (_, role) => {
      expect(secretReadingRules(role.rules ?? [])).toEqual([]);
      // An aggregated role takes the rules of every role its selector matches.
      expect(role.aggregationRule).toBeUndefined();
    },
  );

  it.each(roles.map(r => [r.metadata.name, r]))(
    '%s: grants reads only, nothing that writes',
    (_, role) => {
      for (const rule of role.rules as PolicyRule[])
        expect(rule.verbs?.every(v => READS.includes(v))).toBe(true);
    },
  );

  it('binds only the roles it defines (not view, edit or cluster-admin)', () => {
    const bindings = objects.filter(o => /RoleBinding$/.test(o.kind));
    expect(bindings.length).toBeGreaterThan(0);
    for (const binding of bindings)
      expect(roles.map(r => r.metadata.name)).toContain(binding.roleRef.name);
  });

  it('the check itself catches the wildcards that used to grant Secrets', () => {
    expect(
      secretReadingRules([
        { apiGroups: ['', 'apps'], resources: ['*'], verbs: ['get'] },
      ]),
    ).toHaveLength(1);
    expect(
      secretReadingRules([
        { apiGroups: ['*'], resources: ['secrets'], verbs: ['watch'] },
      ]),
    ).toHaveLength(1);
    expect(
      secretReadingRules([
        { apiGroups: [''], resources: ['secrets'], verbs: ['*'] },
      ]),
    ).toHaveLength(1);
    expect(
      secretReadingRules([
        { apiGroups: ['apps'], resources: ['*'], verbs: ['list'] },
      ]),
    ).toEqual([]);
  });
});
