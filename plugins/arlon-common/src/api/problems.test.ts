import { z } from 'zod';
import {
  fieldPath,
  MAX_PROBLEM_LENGTH,
  MAX_REQUEST_PROBLEMS,
  requestProblems,
} from './problems';

const problems = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return requestProblems(result.error);
};

describe('requestProblems', () => {
  it("puts the field's path before zod's own message", () => {
    expect(
      problems(z.object({ spec: z.object({ size: z.number() }) }), {
        spec: { size: 'big' },
      }),
    ).toBe('spec.size: Invalid input: expected number, received string');
  });

  it('keeps a message that already names its field as written', () => {
    const schema = z.object({
      kubeconfig: z.string({ error: '"kubeconfig" must be YAML text' }),
    });
    expect(problems(schema, { kubeconfig: 1 })).toBe(
      '"kubeconfig" must be YAML text',
    );
  });

  it('does not take a field named inside another word as named', () => {
    const schema = z.object({
      name: z.string({ error: 'the names must be text' }),
    });
    expect(problems(schema, { name: 1 })).toBe('name: the names must be text');
  });

  it('says a message once, however many elements share it', () => {
    const schema = z.array(z.string({ error: 'Send "profiles": names' }));
    expect(
      problems(z.object({ profiles: schema }), { profiles: [1, 2, 3] }),
    ).toBe('Send "profiles": names');
  });

  it(`lists at most ${MAX_REQUEST_PROBLEMS} problems and says how many more`, () => {
    const schema = z.object(
      Object.fromEntries(
        Array.from({ length: 8 }, (_, i) => [`f${i}`, z.string()]),
      ),
    );
    const text = problems(schema, {});
    expect(text.split('; ')).toHaveLength(MAX_REQUEST_PROBLEMS);
    expect(text).toMatch(/\(and 3 more\)$/);
  });

  it('cuts a hostile key short in the path and in the message', () => {
    const huge = 'k'.repeat(100_000);
    const text = problems(z.strictObject({}), { [huge]: 1 });
    expect(text.length).toBeLessThanOrEqual(MAX_PROBLEM_LENGTH);
    expect(fieldPath([huge, 0]).length).toBeLessThan(50);
  });
});
