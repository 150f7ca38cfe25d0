import { InputError } from '@backstage/errors';
import { requestProblems } from '@arlon-backstage/plugin-arlon-common';
import type { z } from 'zod';

/**
 * A request's body, query or params read through its schema in the REST
 * contract (arlon-common/src/api): the parsed value, or a 400 whose message
 * names each field and what was wrong, cut short, never a stack. `what`
 * leads the message when the route says what it expected
 * ("Expected { left, right } naming …: left.kind: …").
 */
export function parseRequest<T>(
  schema: z.ZodType<T, unknown>,
  value: unknown,
  what?: string,
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = requestProblems(result.error);
  throw new InputError(what ? `${what}: ${problems}` : problems);
}
