import type {
  GitHttpRequest,
  GitHttpResponse,
  HttpClient,
} from 'isomorphic-git';
import nodeHttp from 'isomorphic-git/http/node';
import { redactUrl } from './redactUrl';

/** As many hops as isomorphic-git's node client allowed (Git's is 20). */
export const MAX_REDIRECTS = 10;

/** A redirect the Git client does not follow; the message says what to change. */
export class GitRedirectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GitRedirectError';
  }
}

const ADVICE =
  'point the repository URL in the configuration (arlon.fleetRepo.url for the fleet) at where the repository now is';

/**
 * Where a redirect from `from` to `location` leads, or a GitRedirectError
 * when it leaves the origin (scheme, host and port) the URL was configured
 * with. Credentials are configured for one origin, and every request of an
 * operation carries them: isomorphic-git does not move to the redirect's
 * URL as Git does after its first request, it is redirected anew on every
 * request. Following to another origin would either send the credentials
 * there or (without them) read refs from one server and write to another.
 * An https URL sent to plain http is named as the downgrade it is.
 */
export function redirectTarget(from: string, location: string): string {
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    throw new GitRedirectError(
      `the Git server at ${redactUrl(from)} redirected to ${JSON.stringify(
        location.slice(0, 200),
      )}, which is not a URL`,
    );
  }
  const source = new URL(from);
  if (target.origin === source.origin) return target.href;
  const to = redactUrl(target.href);
  if (source.protocol === 'https:' && target.protocol === 'http:')
    throw new GitRedirectError(
      `the Git server at ${redactUrl(
        from,
      )} redirected to ${to}, plain HTTP: its credentials and content would cross the network unencrypted, so the redirect is not followed. Have the server serve the repository over https, or ${ADVICE}.`,
    );
  throw new GitRedirectError(
    `the Git server at ${redactUrl(
      from,
    )} redirected to ${to}, another server: redirects are followed only within the scheme, host and port the repository URL names, where its credentials belong. If the repository has moved, ${ADVICE} (${to}).`,
  );
}

/** A body that can be sent again: isomorphic-git's and ours are arrays of buffers. */
function replayable(body: GitHttpRequest['body']): boolean {
  return (
    body === undefined || Array.isArray(body) || body instanceof Uint8Array
  );
}

/**
 * `base` (isomorphic-git's node client), following redirects itself: only
 * within the request's origin (redirectTarget), at most MAX_REDIRECTS, and,
 * as Git does (CURLOPT_POSTREDIR), with the same method, headers and body
 * on every status: a Git request turned into a GET means nothing to the
 * server. isomorphic-git's client, left to follow them, kept the
 * credentials to the same origin only, but went anywhere without them,
 * https to plain http included, and made a redirected POST a GET.
 */
export function originBoundHttp(base: HttpClient = nodeHttp): HttpClient {
  return {
    async request(req: GitHttpRequest): Promise<GitHttpResponse> {
      let url = req.url;
      for (let hops = 0; ; hops++) {
        const res = await base.request({
          ...req,
          url,
          fetchOptions: { ...req.fetchOptions, followRedirects: false },
        });
        const location = header(res, 'location');
        if (res.statusCode < 300 || res.statusCode >= 400 || !location)
          return res;
        await res.body?.return?.();
        const next = redirectTarget(url, location);
        if (hops >= MAX_REDIRECTS)
          throw new GitRedirectError(
            `the Git server at ${redactUrl(
              req.url,
            )} answered with more than ${MAX_REDIRECTS} redirects in a row (last to ${redactUrl(
              next,
            )}): a redirect loop? ${ADVICE[0].toUpperCase()}${ADVICE.slice(
              1,
            )}.`,
          );
        if (!replayable(req.body))
          throw new GitRedirectError(
            `the Git server at ${redactUrl(
              url,
            )} redirected a request whose body cannot be sent again; ${ADVICE} (${redactUrl(
              next,
            )}).`,
          );
        url = next;
      }
    },
  };
}

function header(res: GitHttpResponse, name: string): string | undefined {
  const value = res.headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}
