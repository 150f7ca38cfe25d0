/**
 * A URL as an error message may show it: scheme, host, port and path,
 * without the credentials or the query (a signed URL's token) it may carry.
 */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(the Git server)';
  }
}
