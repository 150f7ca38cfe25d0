import type { z } from 'zod';

/**
 * How many problems one answer lists; a hostile body can have thousands.
 *
 * @public
 */
export const MAX_REQUEST_PROBLEMS = 5;
/**
 * How much of one problem is shown; a problem may quote a key the caller sent.
 *
 * @public
 */
export const MAX_PROBLEM_LENGTH = 200;

/**
 * A request's problems as one line a person can act on: each names the
 * field (its dotted path) and what was wrong. A message the contract wrote
 * that already names its field ('Send "profiles": …') is kept as written, so
 * the REST API answers as it always has; zod's own messages get the path in
 * front. Long keys and long lists are cut short: the answer never echoes a
 * hostile body at length.
 *
 * @public
 */
export function requestProblems(error: z.ZodError): string {
  const lines: string[] = [];
  for (const issue of error.issues) {
    const line = cut(describeIssue(issue));
    if (!lines.includes(line)) lines.push(line);
  }
  const shown = lines.slice(0, MAX_REQUEST_PROBLEMS);
  const more = lines.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

function describeIssue(issue: z.ZodError['issues'][number]): string {
  const path = fieldPath(issue.path);
  if (!path) return issue.message;
  const field = String(issue.path.find(p => typeof p === 'string') ?? '');
  return names(issue.message, path) || (field && names(issue.message, field))
    ? issue.message
    : `${path}: ${issue.message}`;
}

/**
 * `spec.profiles.0`, each key cut to 40 characters; empty for the body itself.
 *
 * @public
 */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map(p => {
      const key = String(p);
      return key.length > 40 ? `${key.slice(0, 37)}...` : key;
    })
    .join('.');
}

/** Whether `message` mentions `field` as a word of its own (not inside another). */
function names(message: string, field: string): boolean {
  let at = message.indexOf(field);
  while (at >= 0) {
    const before = message[at - 1] ?? ' ';
    const after = message[at + field.length] ?? ' ';
    if (!/[\w-]/.test(before) && !/[\w-]/.test(after)) return true;
    at = message.indexOf(field, at + 1);
  }
  return false;
}

function cut(line: string): string {
  return line.length > MAX_PROBLEM_LENGTH
    ? `${line.slice(0, MAX_PROBLEM_LENGTH - 3)}...`
    : line;
}
