import type { Problem } from '@arlon-backstage/plugin-arlon-common';

/** A refused request as the editor shows it: the backend's own words, and its problems if any. */
export interface Refusal {
  message: string;
  problems: Problem[];
  /** Someone else committed to the file: the user must reload before committing. */
  conflict: boolean;
}

/**
 * Pure: what the user reads when the backend refused a check or a commit.
 * The backend's message names the file, field or permission and says what
 * to do; "Request failed with 409" would not. A 400 of the update carries
 * every validation problem with its line.
 */
export function refusalOf(error: unknown): Refusal {
  const e = error as {
    message?: unknown;
    statusCode?: unknown;
    body?: { error?: { message?: unknown }; problems?: unknown };
  };
  const said = e?.body?.error?.message;
  let message = 'The request failed';
  if (typeof said === 'string' && said) message = said;
  else if (typeof e?.message === 'string') message = e.message;
  const problems = Array.isArray(e?.body?.problems)
    ? (e.body!.problems as Problem[])
    : [];
  return { message, problems, conflict: e?.statusCode === 409 };
}
