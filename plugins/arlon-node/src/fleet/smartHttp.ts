import {
  Errors,
  type GitHttpRequest,
  type GitHttpResponse,
  type HttpClient,
} from 'isomorphic-git';
import type { GitCredentials } from './gitCredentials';
import { GitProtocolError } from './receivePackProtocol';

/** Credentials in the URL, cut out as isomorphic-git does (`https://user:pw@host/…`). */
const URL_CREDENTIALS = /^(https?:\/\/)([^/?#]+)@/i;

/**
 * The repository's URL without credentials, and the credentials it carried:
 * those are sent from the first request, as isomorphic-git sends them (the
 * push and the fetch of one commit share these rules with its clone).
 */
export function splitCredentials(url: string): {
  url: string;
  auth?: GitCredentials;
} {
  if (!URL_CREDENTIALS.test(url)) return { url };
  const parsed = new URL(url);
  return {
    url: url.replace(URL_CREDENTIALS, '$1'),
    auth: {
      username: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
    },
  };
}

export function authorization(auth?: GitCredentials): Record<string, string> {
  return auth
    ? {
        Authorization: `Basic ${Buffer.from(
          `${auth.username}:${auth.password}`,
        ).toString('base64')}`,
      }
    : {};
}

/**
 * Sends the request `build` makes with `auth`'s header and, on a 401, once
 * more with what `credentials` offers: credentials the server refuses are
 * not offered again. Returns the answer and the credentials it was sent
 * with, for the requests after it.
 */
export async function requestAskingOnce(
  http: HttpClient,
  build: (headers: Record<string, string>) => GitHttpRequest,
  auth: GitCredentials | undefined,
  credentials: (() => GitCredentials | undefined) | undefined,
): Promise<{ res: GitHttpResponse; auth?: GitCredentials }> {
  const res = await http.request(build(authorization(auth)));
  if (res.statusCode !== 401) return { res, auth };
  const offered = credentials?.();
  if (!offered) return { res, auth };
  await drain(res);
  return {
    res: await http.request(build(authorization(offered))),
    auth: offered,
  };
}

/** The body, refused past `limit` bytes (the connection is let go). */
export async function collect(
  res: GitHttpResponse,
  limit: number,
  what: string,
  operation?: string,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  if (!res.body) return Buffer.alloc(0);
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    if (size > limit) {
      await res.body.return?.();
      throw new GitProtocolError(
        `${what} is larger than ${limit} bytes`,
        operation,
      );
    }
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  return Buffer.concat(chunks);
}

/** An answer's media type as git reads it (http.c): without parameters, in lower case. */
export function mediaTypeOf(res: GitHttpResponse): string | undefined {
  return res.headers?.['content-type']?.split(';')[0].trim().toLowerCase();
}

/** Reads an answer that is not used (a 401 before asking again), up to a bound. */
export async function drain(res: GitHttpResponse) {
  await collect(res, 4 * 1024 * 1024, 'an error page').catch(() => undefined);
}

/** isomorphic-git's HttpError, with the start of the server's page. */
export async function httpError(res: GitHttpResponse): Promise<Error> {
  const page = await collect(res, 64 * 1024, 'an error page').catch(() =>
    Buffer.alloc(0),
  );
  return new Errors.HttpError(
    res.statusCode,
    res.statusMessage,
    page.toString('utf8', 0, Math.min(page.length, 1000)),
  );
}
