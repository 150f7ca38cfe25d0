import { redactUrl } from './redactUrl';

/**
 * Why a fetch by id fell back to the full fetch, as a log line may say it:
 * the same for every commit it happens to (commit ids cut out), so a host
 * that always refuses is one reason, not one per commit; never the server's
 * page (an HTTP error is its status only) nor a URL's credentials or query.
 */
export function fetchFallbackReason(error: unknown): string {
  const e = error as {
    name?: string;
    code?: unknown;
    message?: unknown;
    data?: { statusCode?: unknown };
  };
  if (e?.code === 'HttpError' && typeof e.data?.statusCode === 'number')
    return `the server answered HTTP ${e.data.statusCode}`;
  if (typeof e?.code === 'string' && /^E[A-Z_]+$/.test(e.code))
    return `a network error (${e.code})`;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return (
    `${e?.name ?? 'Error'}: ${message}`
      .replace(/\bhttps?:\/\/[^\s"'<>]+/gi, url => redactUrl(url))
      .replace(/\b[0-9a-f]{40}\b/gi, '<commit>')
      // A log line is one line: no newline or escape from the server's text.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .slice(0, 300)
  );
}
