import {
  definitionIdentitySchema,
  definitionJsonBodySchema,
} from './definitions';

describe('definition schemas, hostile kinds', () => {
  // A JSON or YAML body's kind can be any mapping: one whose toString is not
  // a function made the message's template string throw a TypeError (a 500)
  // instead of refusing the body (a 400).
  const hostileKinds: unknown[] = [
    { toString: 'x' },
    { toString: 1, valueOf: 2 },
    Object.create(null),
    ['a', { toString: 'x' }],
  ];

  it.each(hostileKinds)('refuses kind %p without throwing', kind => {
    for (const schema of [
      definitionIdentitySchema('Bundle'),
      definitionJsonBodySchema('Bundle', 'b'),
    ]) {
      const parsed = schema.safeParse({ kind, metadata: { name: 'b' } });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0].message).toMatch(
        /but the URL is for a Bundle/,
      );
    }
  });
});
