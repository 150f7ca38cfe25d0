import { validateFleet } from './validateFleet';

/** Regressions for what the property-based suite (validateFleet.fuzz.test.ts) found. */
describe('validateFleet, found by fuzzing', () => {
  const bundle = (apiVersion: string, kind = 'Bundle') => ({
    'arlon/bundles/b.yaml': `apiVersion: ${apiVersion}
kind: ${kind}
metadata:
  name: b
spec:
  source:
    inline: {}
`,
  });
  const messages = (files: Record<string, string>) =>
    validateFleet(files).problems.map(p => `${p.field}: ${p.message}`);

  it.each([
    ['{}', 'a mapping'],
    ['[v1]', 'a list'],
    ['null', 'unknown apiVersion null'],
    ['7', '7'],
    ['core.arlon.io/v2', '"core.arlon.io/v2"'],
  ])(
    'names an apiVersion of %s as %s, never [object Object]',
    (apiVersion, shown) => {
      const [message] = messages(bundle(apiVersion));
      expect(message).toContain(shown);
      expect(message).not.toContain('[object');
    },
  );

  it('names a kind that is a mapping as one', () => {
    const [message] = messages(bundle('core.arlon.io/v1', '{a: 1}'));
    expect(message).toBe('kind: unknown kind a mapping');
  });
});
