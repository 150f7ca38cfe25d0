import { admitCustomResource, StructuralSchema } from './index';

const withPattern = (pattern: string): StructuralSchema => ({
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: { name: { type: 'string', pattern } },
    },
  },
});

const violationsOf = (pattern: string, name: string) =>
  admitCustomResource({ spec: { name } }, withPattern(pattern)).violations;

/**
 * CRD patterns come from whoever creates a CRD; the API server matches them
 * with Go's RE2 (linear time, RE2 syntax). A backtracking RegExp would let one
 * CRD and one string stall the process the sandbox runs in (the portal's
 * backend when it is enabled there).
 */
describe('CRD patterns with hostile input', () => {
  it('matches a catastrophic-backtracking pattern against a long string without stalling', () => {
    // A backtracking engine needs about 2^n steps here: 30 characters are seconds, 100,000 never end.
    const violations = violationsOf('^(a+)+$', `${'a'.repeat(100_000)}!`);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({
      field: 'spec.name',
      reason: 'FieldValueInvalid',
    });
    expect(violations[0].message).toMatch(/should match '\^\(a\+\)\+\$'$/);
  });

  it('matches a nested alternation bomb without stalling', () => {
    const violations = violationsOf('^(a|aa)+$', `${'a'.repeat(50_000)}b`);
    expect(violations.map(v => v.field)).toEqual(['spec.name']);
  });

  it('reads RE2 syntax as the API server does: (?i) is case-insensitive', () => {
    // JavaScript's RegExp cannot compile (?i); skipping the pattern would let anything through.
    expect(violationsOf('(?i)^[a-z]+$', 'ABC')).toEqual([]);
    expect(violationsOf('(?i)^[a-z]+$', 'ABC1').map(v => v.field)).toEqual([
      'spec.name',
    ]);
  });

  it('reads \\z as the end of the text, as RE2 does (JavaScript reads a literal z)', () => {
    expect(violationsOf('^a\\z', 'a')).toEqual([]);
    expect(violationsOf('^a\\z', 'az').map(v => v.field)).toEqual([
      'spec.name',
    ]);
  });

  it('matches unanchored, as Go MatchString does', () => {
    expect(violationsOf('[0-9]', 'abc1def')).toEqual([]);
    expect(violationsOf('[0-9]', 'abcdef')).toHaveLength(1);
  });

  it('skips a pattern RE2 cannot parse (lookahead) instead of throwing', () => {
    expect(violationsOf('^(?=a)a$', 'b')).toEqual([]);
  });

  it('copes with many distinct patterns (the compiled cache is bounded)', () => {
    for (let i = 0; i < 2_500; i++)
      expect(violationsOf(`^x${i}$`, `x${i}`)).toEqual([]);
    expect(violationsOf('^x1$', 'x2')).toHaveLength(1);
  });

  it('checks formats on long hostile strings without stalling', () => {
    const long = `${'a.'.repeat(50_000)}!`;
    const formats = [
      'hostname',
      'email',
      'duration',
      'byte',
      'date-time',
      'ipv6',
      'cidr',
      'uri',
    ];
    for (const format of formats) {
      const schema: StructuralSchema = {
        type: 'object',
        properties: { v: { type: 'string', format } },
      };
      const result = admitCustomResource({ v: long }, schema);
      expect([format, result.violations.length]).toEqual([format, 1]);
    }
  });
});
