import http from 'node:http';
import https from 'node:https';
import {
  ApiException,
  Configuration,
  HttpMethod,
  RequestContext,
} from '@kubernetes/client-node';
import { authenticate, forgetAuthentication } from './requestAuthentication';
import {
  AbortError,
  Answer,
  CappedBody,
  FetchError,
  flatHeaders,
  invalidBody,
  MAX_RESPONSE_BYTES,
} from './requestErrors';
import { sendHttp2 } from './http2Request';
import { opensHttp2 } from './http2Sessions';

export { FetchError, MAX_RESPONSE_BYTES };

export interface JsonRequest {
  method: HttpMethod;
  /** Path under the cluster's server, as client-node's KubernetesObjectApi builds it. */
  path: string;
  query?: Record<string, string>;
  /** A JSON document sent as is (with `contentType`). */
  body?: string;
  contentType?: string;
  /**
   * Whether it may go as a stream of the cluster's HTTP/2 session (default).
   * False for a client that makes a handful of requests per cluster and
   * moves on (a registration's five to each workload cluster): there a
   * session's set-up and per-stream work cost both sides more CPU than a
   * kept-alive HTTP/1.1 connection (jsonClient).
   */
  http2?: boolean;
}

/**
 * One API request answered with its parsed JSON, for the requests a
 * pre-flight makes by the thousand (dry-run applies, list pages). It goes
 * through client-node's own configuration: the cluster's server, and its
 * authentication (the bearer token or client certificate, and the kept-alive,
 * guarded agent and deadline that reuseConnections, guardConnections and
 * limitRequestTime hook there), reused for a few seconds
 * (requestAuthentication). It skips what client-node adds per request
 * and objects do not need: the ObjectSerializer's copy of the body each way
 * (a typed copy that drops fields its models do not know) and node-fetch's
 * streams. The body is sent as is and the response parsed once. Over https
 * with Node's own agent, requests go as streams of one HTTP/2 connection
 * per cluster, opened by that agent (sendHttp2); otherwise, or when the
 * server offers no HTTP/2, over HTTP/1.1 (send).
 *
 * Failures look as they did through client-node: a non-2xx answer is an
 * ApiException with the status and the body's text; a network failure a
 * FetchError (`request to <url> failed, reason: ...`, with the system
 * `code`); an aborted request an AbortError. Redirects are not followed (an
 * API server sends none; a 3xx is an ApiException).
 */
export async function requestJson(
  configuration: Configuration,
  request: JsonRequest,
  maxBytes: number = MAX_RESPONSE_BYTES,
): Promise<unknown> {
  const context = configuration.baseServer.makeRequestContext(
    request.path,
    request.method,
  );
  context.setHeaderParam('Accept', 'application/json, */*;q=0.8');
  context.setHeaderParam('Accept-Encoding', 'gzip');
  for (const [name, value] of Object.entries(request.query ?? {}))
    context.setQueryParam(name, value);
  if (request.body !== undefined) {
    context.setHeaderParam(
      'Content-Type',
      request.contentType ?? 'application/json',
    );
    context.setBody(request.body);
  }
  await authenticate(configuration, context);
  const agent = context.getAgent();
  const response =
    request.http2 !== false &&
    context.getUrl().startsWith('https:') &&
    opensHttp2(agent)
      ? await sendHttp2(context, agent, maxBytes, send)
      : await send(context, maxBytes);
  if (response.status === 401) forgetAuthentication(configuration);
  return jsonAnswer(response.status, response.headers, response.text);
}

/**
 * What a response means, as client-node's processResponse reads it: a 2xx
 * JSON body parsed, any other status an ApiException carrying the body.
 */
export function jsonAnswer(
  status: number,
  headers: Record<string, string>,
  text: string,
): unknown {
  if (status < 200 || status > 299)
    throw new ApiException(status, 'Unsuccessful HTTP Request', text, headers);
  const mediaType = headers['content-type']?.split(';')[0].trim().toLowerCase();
  if (!mediaType)
    throw new Error('Cannot parse content. No Content-Type defined.');
  if (!/^application\/(.+\+)?json$/.test(mediaType))
    throw new Error(
      `The mediaType ${mediaType} is not supported by ObjectSerializer.parse.`,
    );
  return JSON.parse(text);
}

/** Sends `context` with Node's http(s) over its agent, honouring its signal; the body in one write. */
export function send(
  context: RequestContext,
  maxBytes: number,
): Promise<Answer> {
  const url = context.getUrl();
  const signal = context.getSignal();
  const body = context.getBody();
  if (body !== undefined && typeof body !== 'string')
    throw new Error('requestJson sends JSON text only');
  return new Promise<Answer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortError());
      return;
    }
    const target = new URL(url);
    const headers: Record<string, string | number> = {
      ...context.getHeaders(),
    };
    if (body !== undefined) headers['Content-Length'] = Buffer.byteLength(body);
    const request = (target.protocol === 'http:' ? http : https).request(
      target,
      {
        method: context.getHttpMethod(),
        headers,
        agent: context.getAgent(),
      },
    );
    let settled = false;
    // The listener is taken off when the request ends either way. (Not an
    // AbortController per request: aborting one builds a DOMException and
    // its stack, a measurable part of a pre-flight's CPU.)
    const listening: { off?: () => void } = {};
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      listening.off?.();
      request.destroy();
      reject(error);
    };
    if (signal) {
      const onAbort = () => fail(new AbortError());
      signal.addEventListener('abort', onAbort, { once: true });
      listening.off = () => signal.removeEventListener('abort', onAbort);
    }
    request.on('error', error =>
      fail(
        new FetchError(
          `request to ${url} failed, reason: ${error.message}`,
          'system',
          error as NodeJS.ErrnoException,
        ),
      ),
    );
    request.on('response', response => {
      const received = new CappedBody(url, maxBytes);
      const bodyError = (error: Error) => fail(invalidBody(url, error));
      response.on('data', (chunk: Buffer) => {
        const over = received.add(chunk);
        if (over) fail(over);
      });
      response.on('error', bodyError);
      response.on('aborted', () => bodyError(new Error('aborted')));
      response.on('end', () => {
        if (settled) return;
        const answerHeaders = flatHeaders(response.headers);
        received.decode(
          answerHeaders['content-encoding'],
          text => {
            if (settled) return;
            settled = true;
            listening.off?.();
            resolve({
              status: response.statusCode ?? 0,
              headers: answerHeaders,
              text,
            });
          },
          fail,
        );
      });
    });
    request.end(body);
  });
}
