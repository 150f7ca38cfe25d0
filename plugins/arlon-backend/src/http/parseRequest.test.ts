import { z } from 'zod';
import { parseRequest } from './parseRequest';

const schema = z.object({ name: z.string(), count: z.number().optional() });

describe('parseRequest', () => {
  it('returns the parsed value', () => {
    expect(parseRequest(schema, { name: 'a', extra: 1 })).toEqual({
      name: 'a',
    });
  });

  it('answers a failure with a 400 naming the field, after what the route expected', () => {
    let error: any;
    try {
      parseRequest(schema, { name: 1 }, 'Expected { name }');
    } catch (e) {
      error = e;
    }
    expect(error.name).toBe('InputError');
    expect(error.message).toBe(
      'Expected { name }: name: Invalid input: expected string, received number',
    );
  });

  it('does not echo a hostile key at length', () => {
    const strict = z.strictObject({ name: z.string() });
    expect(() =>
      parseRequest(strict, { name: 'a', ['k'.repeat(100_000)]: 1 }),
    ).toThrow(/^Unrecognized key: "k+\.\.\.$/);
  });
});
