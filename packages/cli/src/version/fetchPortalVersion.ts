import type { PortalVersion } from '@arlon-backstage/plugin-arlon-common';

/** How long the portal may take: a version check must never hold up a CI job. */
const TIMEOUT_MS = 10_000;
/** The answer is a few dozen bytes; more is not a version. */
const MAX_BYTES = 16 * 1024;

// What is printed from the answer: plain names and versions only, never a
// terminal escape or a line break from a hostile or broken server.
const PACKAGE_NAME =
  /^(@[a-z0-9][a-z0-9._~-]{0,100}\/)?[a-z0-9][a-z0-9._~-]{0,100}$/;
const VERSION = /^\d{1,6}\.\d{1,6}\.\d{1,6}([-+][0-9A-Za-z.+-]{1,64})?$/;

/** The portal's versions, or why they are unknown (said as a warning, never a failure). */
export type PortalAnswer =
  | { ok: true; version: PortalVersion }
  | { ok: false; reason: string };

/**
 * The portal URL as given (`--portal` or `ARLON_PORTAL_URL`): the Backstage
 * backend's base URL. Undefined with a message when it is not one; a URL with
 * a user name or password is refused without repeating it (it would land in
 * CI logs): the token goes in `ARLON_PORTAL_TOKEN`.
 */
export function parsePortalUrl(
  text: string,
): { url: URL; error?: undefined } | { url?: undefined; error: string } {
  if (!URL.canParse(text))
    return {
      error: `--portal (or ARLON_PORTAL_URL) is not a URL: give the portal's base URL, e.g. https://backstage.example.com`,
    };
  const url = new URL(text);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return {
      error: `--portal (or ARLON_PORTAL_URL) must be an http or https URL, not ${url.protocol}`,
    };
  if (url.username || url.password)
    return {
      error:
        '--portal (or ARLON_PORTAL_URL) carries a user name or password: give the plain URL, and a token in ARLON_PORTAL_TOKEN',
    };
  url.search = '';
  url.hash = '';
  return { url };
}

/**
 * GET <portal>/api/arlon/version with the token, if any, as a bearer token
 * (a user's Backstage token, or a static external access token for CI).
 * Every failure is a reason, never a throw: the check only warns.
 */
export async function fetchPortalVersion(
  portal: URL,
  token: string | undefined,
): Promise<PortalAnswer> {
  // The path is set on a copy of the portal's URL, never resolved against
  // it: a base path starting `//` would resolve as another host (the token
  // with it).
  const endpoint = new URL(portal.href);
  const base = portal.pathname.replace(/\/+$/, '');
  endpoint.pathname = `${base}/api/arlon/version`;
  const where = endpoint.origin + endpoint.pathname;
  // Plain http carries the token in clear past this machine.
  if (token && endpoint.protocol === 'http:' && !isLoopback(endpoint.hostname))
    return {
      ok: false,
      reason: `${where} is plain http: ARLON_PORTAL_TOKEN is not sent in clear to another host; use the portal's https URL`,
    };
  let response: Response;
  try {
    response = await fetch(endpoint, {
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    // undici puts the socket's error in cause (an AggregateError when every address failed).
    const cause = (
      error as Error & {
        cause?: { code?: string; errors?: { code?: string }[] };
      }
    ).cause;
    return {
      ok: false,
      reason: `cannot reach ${where} (${
        (error as Error).name === 'TimeoutError'
          ? `no answer in ${TIMEOUT_MS / 1000} s`
          : cause?.code ??
            cause?.errors?.[0]?.code ??
            (cause as Error | undefined)?.message ??
            (error as Error).message
      })`,
    };
  }
  if (response.status === 401 || response.status === 403)
    return {
      ok: false,
      reason: `${where} answered ${response.status}: set ARLON_PORTAL_TOKEN to a Backstage token (a user's, or a static external access token)`,
    };
  if (response.status === 404)
    return {
      ok: false,
      reason: `${where} answered 404: the portal's Arlon backend is older than this check (before 0.2.0), or not installed there`,
    };
  if (!response.ok)
    return { ok: false, reason: `${where} answered ${response.status}` };
  const text = await readLimited(response);
  let body: any;
  try {
    body = text === undefined ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (
    typeof body?.name !== 'string' ||
    !PACKAGE_NAME.test(body.name) ||
    typeof body?.version !== 'string' ||
    !VERSION.test(body.version) ||
    !Number.isSafeInteger(body?.fleetFormatVersion) ||
    body.fleetFormatVersion < 1
  )
    return {
      ok: false,
      reason: `${where} did not answer Arlon's version (expected JSON with name, version and fleetFormatVersion)`,
    };
  return {
    ok: true,
    version: {
      name: body.name,
      version: body.version,
      fleetFormatVersion: body.fleetFormatVersion,
    },
  };
}

/** localhost, 127.0.0.0/8 or ::1: http there never leaves the machine. */
function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/** The body as text, or undefined past MAX_BYTES (read no further). */
async function readLimited(response: Response): Promise<string | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
