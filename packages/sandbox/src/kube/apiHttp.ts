import http from 'node:http';
import { ApiError, badRequest } from './errors';
import { PatchError } from './patch';
import { refuseDeepNesting } from './requestLimits';
import { apiVersionOf, ResourceType } from './resources';
import { SelectorError } from './selectors';

/** The HTTP edges of the sandbox API server: bodies in, JSON and Status errors out. */

/**
 * With its length, as the real API server answers a small body: without it
 * the headers (written first) say chunked, and each answer goes out as the
 * headers, the chunk and its end marker, where one write of headers and
 * body does (a pre-flight asks for thousands).
 */
export function sendJson(
  res: http.ServerResponse,
  code: number,
  body: unknown,
) {
  const text: string = JSON.stringify(body) ?? '';
  res.writeHead(code, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendText(res: http.ServerResponse, code: number, text: string) {
  res.writeHead(code, { 'content-type': 'text/plain' });
  res.end(text);
}

/** Any error as the Status a real API server would answer with. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof SelectorError || error instanceof PatchError)
    return badRequest(error.message);
  return new ApiError(
    500,
    'InternalError',
    `Internal error occurred: ${(error as Error).message}`,
  );
}

export function parseJson(body: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(body || 'null');
  } catch (error) {
    throw badRequest(
      `the request body is not valid JSON: ${(error as Error).message}`,
    );
  }
  refuseDeepNesting(value, 'the request body');
  return value;
}

export function parseObject(body: string): any {
  const value = parseJson(body);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest('the request body must be a JSON object');
  return value;
}

/** Refuses a body whose kind or apiVersion is not the URL's. */
export function checkKind(type: ResourceType, obj: any) {
  if (obj.kind && obj.kind !== type.kind) {
    throw badRequest(
      `the kind of the object (${obj.kind}) does not match the kind of the URL (${type.kind})`,
    );
  }
  if (obj.apiVersion && obj.apiVersion !== apiVersionOf(type)) {
    throw badRequest(
      `the API version of the object (${
        obj.apiVersion
      }) does not match the URL (${apiVersionOf(type)})`,
    );
  }
}
