import http from 'node:http';
import { ApiError, badRequest } from './errors';
import { deeperThan } from './schema/depth';
import { MAX_NESTING } from './schema/types';

/** kube-apiserver's limit on a request body (3 MiB, `--max-request-body-bytes` default for writes). */
export const MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;

/**
 * Reads a request body, refusing one over the API server's limit with its
 * 413 before it is all held in memory. The rest of an oversized body is
 * drained, not kept, so the answer still reaches the client.
 */
export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      chunks.length = 0;
      req.off('data', onData);
      req.resume();
      reject(
        new ApiError(
          413,
          'RequestEntityTooLarge',
          `Request entity too large: limit is ${MAX_REQUEST_BODY_BYTES}`,
        ),
      );
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Refuses a parsed body (or a patch's result) nested deeper than the sandbox
 * walks: copying, serialising or diffing it would exhaust the stack and
 * answer 500. Found without recursion.
 */
export function refuseDeepNesting(value: unknown, what: string): void {
  const at = deeperThan(value, MAX_NESTING);
  if (at !== undefined)
    throw badRequest(
      `${what} is nested deeper than ${MAX_NESTING} levels (at ${at}); flatten it`,
    );
}
