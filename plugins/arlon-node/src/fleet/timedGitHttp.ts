import http from 'node:http';
import https from 'node:https';
import type {
  GitHttpRequest,
  GitHttpResponse,
  HttpClient,
} from 'isomorphic-git';
import { originBoundHttp } from './gitRedirects';
import { redactUrl } from './redactUrl';

/** A request to the Git server that took longer than its deadline, and was aborted. */
export class GitTimeoutError extends Error {
  constructor(readonly timeoutMs: number, readonly url: string) {
    super(`no answer from ${url} within ${timeoutMs / 1000} s`);
    this.name = 'GitTimeoutError';
  }
}

/**
 * An answer larger than any the fleet's Git client needs: a pack of every
 * cluster's files at 10,000 clusters is tens of MB. isomorphic-git holds
 * the whole pack of a clone or fetch in memory, with no bound of its own.
 */
export const MAX_ANSWER_BYTES = 256 * 1024 * 1024;

/** An answer that went past MAX_ANSWER_BYTES, and was let go. */
export class GitAnswerTooLargeError extends Error {
  constructor(readonly limit: number, readonly url: string) {
    super(`the answer from ${url} is larger than ${limit} bytes`);
    this.name = 'GitAnswerTooLargeError';
  }
}

/**
 * Connections with no idle timeout of their own, one per request. Node's
 * global agents (since Node 19) drop a socket after 5 s of silence, so a
 * Git server that said nothing for 5 s failed the request as "Request timed
 * out", whatever arlon.limits.gitTimeoutSeconds said. Servers may: git's
 * receive-pack checks the pack and runs hooks before it reports, and its
 * keepalive (receive.keepAlive, uploadpack.keepAlive) is itself 5 s. Not
 * kept alive: a pooled socket the server closes as it is reused fails the
 * request (ECONNRESET), and an operation makes one or two requests.
 */
const AGENTS: Record<string, http.Agent> = {
  'http:': new http.Agent({ keepAlive: false }),
  'https:': new https.Agent({ keepAlive: false }),
};

function agentFor(url: string): http.Agent | undefined {
  try {
    return AGENTS[new URL(url).protocol];
  } catch {
    return undefined; // the client reports the URL
  }
}

/**
 * isomorphic-git's HTTP client with a deadline per request: the answer,
 * body included, must arrive within `timeoutMs`, or the request is aborted
 * (its socket closed) and the operation fails with a {@link GitTimeoutError};
 * an answer past `maxAnswerBytes` is let go the same way
 * ({@link GitAnswerTooLargeError}).
 * isomorphic-git has no timeout of its own, so without this a Git server
 * that accepts a connection and never answers holds the operation forever,
 * and with it the fleet repository's lock. The deadline covers the
 * redirects `base` follows (by default only within the URL's origin:
 * originBoundHttp), and it is the only one: the connections have no idle
 * timeout of their own (AGENTS).
 */
export function timedGitHttp(
  timeoutMs: number,
  base: HttpClient = originBoundHttp(),
  maxAnswerBytes = MAX_ANSWER_BYTES,
): HttpClient {
  return {
    async request(req: GitHttpRequest): Promise<GitHttpResponse> {
      const expired = new GitTimeoutError(timeoutMs, redactUrl(req.url));
      const controller = new AbortController();
      let fail: (e: Error) => void = () => undefined;
      // Settles only by rejecting; raced against every step of the request.
      const deadline = new Promise<never>((_, reject) => {
        fail = reject;
      });
      deadline.catch(() => undefined);
      const timer = setTimeout(() => {
        controller.abort(expired);
        fail(expired);
      }, timeoutMs);
      timer.unref();
      const signal = req.signal
        ? AbortSignal.any([req.signal, controller.signal])
        : controller.signal;
      try {
        const res = await Promise.race([
          base.request({ agent: agentFor(req.url), ...req, signal }),
          deadline,
        ]);
        if (!res.body) {
          clearTimeout(timer);
          return res;
        }
        return {
          ...res,
          body: bodyBefore(
            res.body,
            deadline,
            () => clearTimeout(timer),
            () =>
              new GitAnswerTooLargeError(maxAnswerBytes, redactUrl(req.url)),
            maxAnswerBytes,
          ),
        };
      } catch (error) {
        clearTimeout(timer);
        throw error;
      }
    },
  };
}

/**
 * The response body, each chunk raced against the deadline: isomorphic-git's
 * node client loses a stream error that arrives between two reads, and the
 * next read would then wait forever. Past `limit` bytes, `tooLarge`.
 */
function bodyBefore(
  body: AsyncIterableIterator<Uint8Array>,
  deadline: Promise<never>,
  done: () => void,
  tooLarge: () => Error,
  limit: number,
): AsyncIterableIterator<Uint8Array> {
  let size = 0;
  const iterator: AsyncIterableIterator<Uint8Array> = {
    async next() {
      try {
        const result = await Promise.race([body.next(), deadline]);
        if (result.done) {
          done();
          return result;
        }
        size += result.value?.byteLength ?? 0;
        if (size > limit) throw tooLarge();
        return result;
      } catch (error) {
        done();
        await body.return?.();
        throw error;
      }
    },
    async return(value?: any) {
      done();
      return (await body.return?.(value)) ?? { done: true, value };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
