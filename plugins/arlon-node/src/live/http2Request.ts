import http2 from 'node:http2';
import type https from 'node:https';
import type { RequestContext } from '@kubernetes/client-node';
import {
  AbortError,
  Answer,
  CappedBody,
  FetchError,
  flatHeaders,
} from './requestErrors';
import { dropSession, sessionFor } from './http2Sessions';

/** Failures of requests the server never took (not sent, or refused unprocessed): safe to send again. */
const unsent = new WeakSet<Error>();

/** Headers HTTP/2 forbids (RFC 9113 8.2.2) or carries as pseudo-headers. */
const NOT_SENT = new Set([
  'connection',
  'host',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'content-length',
]);

/**
 * Sends `context` as one stream of the cluster's HTTP/2 session (see
 * http2Sessions), or with `overHttp1` when the server speaks HTTP/1.1 only.
 * Answers and fails as the HTTP/1.1 path does: the status, headers and text;
 * a FetchError (`request to <url> failed, reason: ...`, with the system
 * code) when the connection or the stream fails; an AbortError at the
 * signal; a `max-size` FetchError past `maxBytes`. Each answer comes on its
 * own stream, so no answer can be taken for another's; a stream the server
 * resets or a session it ends (GOAWAY, close) before the answer is complete
 * fails that request, and the next request opens a new session. A request
 * the server never took (the session was going away when it was sent, or
 * the server refused its stream unprocessed, REFUSED_STREAM, as a GOAWAY
 * does to the streams past its last) is sent once more on a new session.
 */
export async function sendHttp2(
  context: RequestContext,
  agent: https.Agent,
  maxBytes: number,
  overHttp1: (context: RequestContext, maxBytes: number) => Promise<Answer>,
): Promise<Answer> {
  const url = context.getUrl();
  const signal = context.getSignal();
  const body = context.getBody();
  if (body !== undefined && typeof body !== 'string')
    throw new Error('requestJson sends JSON text only');
  if (signal?.aborted) throw new AbortError();
  const target = new URL(url);
  for (let attempt = 0; ; attempt++) {
    let session: http2.ClientHttp2Session | undefined;
    try {
      session = await sessionFor(agent, target, signal);
    } catch (error) {
      if (signal?.aborted) throw new AbortError();
      throw networkError(url, error as Error);
    }
    if (!session) return overHttp1(context, maxBytes);
    const headers: http2.OutgoingHttpHeaders = {
      ':method': context.getHttpMethod(),
      ':path': target.pathname + target.search,
    };
    for (const [name, value] of Object.entries(context.getHeaders())) {
      const lower = name.toLowerCase();
      if (!NOT_SENT.has(lower)) headers[lower] = value;
    }
    if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
    try {
      return await exchange(session, headers, body, url, signal, maxBytes);
    } catch (error) {
      if (error instanceof AbortError) {
        // No answer by the deadline: the connection may have gone silent
        // (a peer or a NAT that dropped it without a word), and kept it
        // would fail every later request the same way. The next request
        // opens another, as HTTP/1.1 destroys an aborted request's socket;
        // the streams still open on this one finish before it closes.
        dropSession(agent, target, session);
        if (!session.closed) session.close();
        throw error;
      }
      if (attempt > 0 || !unsent.has(error as Error)) throw error;
      dropSession(agent, target, session);
    }
  }
}

function exchange(
  session: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  body: string | undefined,
  url: string,
  signal: AbortSignal | undefined,
  maxBytes: number,
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    let stream: http2.ClientHttp2Stream;
    try {
      stream = session.request(headers, { endStream: body === undefined });
    } catch (error) {
      // A session closing as the request came (after a GOAWAY).
      const failure = networkError(url, error as Error);
      unsent.add(failure);
      reject(failure);
      return;
    }
    opened(session);
    let settled = false;
    let ended = false;
    const listening: { off?: () => void } = {};
    const settle = () => {
      settled = true;
      listening.off?.();
      done(session);
    };
    const fail = (error: Error) => {
      if (settled) return;
      settle();
      if (!stream.closed) stream.close(http2.constants.NGHTTP2_CANCEL);
      reject(error);
    };
    if (signal) {
      const onAbort = () => fail(new AbortError());
      signal.addEventListener('abort', onAbort, { once: true });
      listening.off = () => signal.removeEventListener('abort', onAbort);
    }
    let status = 0;
    const refusedUnprocessed = () =>
      !status && stream.rstCode === http2.constants.NGHTTP2_REFUSED_STREAM;
    let answerHeaders: Record<string, string> = {};
    const received = new CappedBody(url, maxBytes);
    stream.on('response', incoming => {
      status = Number(incoming[':status']);
      answerHeaders = flatHeaders(incoming);
    });
    stream.on('data', (chunk: Buffer) => {
      const over = received.add(chunk);
      if (over) fail(over);
    });
    stream.on('error', error => {
      const failure = networkError(url, error);
      if (refusedUnprocessed()) unsent.add(failure);
      fail(failure);
    });
    stream.on('end', () => (ended = true));
    // The answer is whole only once the stream closes cleanly after its
    // end: a session torn down mid-answer also ends the readable side (with
    // the body cut short), but closes the stream with an error code.
    stream.on('close', () => {
      if (settled) return;
      if (
        !ended ||
        !status ||
        stream.rstCode !== http2.constants.NGHTTP2_NO_ERROR
      ) {
        const failure = networkError(
          url,
          new Error(
            `the server closed the stream before a whole answer (HTTP/2 code ${stream.rstCode})`,
          ),
        );
        if (refusedUnprocessed()) unsent.add(failure);
        fail(failure);
        return;
      }
      received.decode(
        answerHeaders['content-encoding'],
        text => {
          if (settled) return;
          settle();
          resolve({ status, headers: answerHeaders, text });
        },
        fail,
      );
    });
    stream.end(body);
  });
}

/** Requests open on each session: one open keeps the process running, as an HTTP/1.1 socket in use does. */
const open = new WeakMap<http2.ClientHttp2Session, number>();

function opened(session: http2.ClientHttp2Session) {
  const count = (open.get(session) ?? 0) + 1;
  open.set(session, count);
  if (count === 1) session.ref();
}

/** An idle session does not hold the process (it closes after its idle time). */
function done(session: http2.ClientHttp2Session) {
  const count = (open.get(session) ?? 1) - 1;
  open.set(session, count);
  if (count === 0 && !session.destroyed) session.unref();
}

function networkError(url: string, error: Error) {
  return new FetchError(
    `request to ${url} failed, reason: ${error.message}`,
    'system',
    error as NodeJS.ErrnoException,
  );
}
