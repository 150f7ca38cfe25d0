import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * The most a response may hold (after decompression): a list page of 500
 * large objects fits; a server streaming without end does not fill memory.
 */
export const MAX_RESPONSE_BYTES = 256 * 2 ** 20;

/** What the request paths (HTTP/1.1 and HTTP/2) share: the answer, and failures as node-fetch shaped them. */

/** Raised as node-fetch raises it, so callers (describeConnectionError) read it the same. */
export class FetchError extends Error {
  readonly code?: string;
  readonly errno?: string;
  constructor(
    message: string,
    readonly type: string,
    systemError?: { code?: string },
  ) {
    super(message);
    this.name = 'FetchError';
    if (systemError) this.code = this.errno = systemError.code;
  }
}

export class AbortError extends Error {
  readonly type = 'aborted';
  constructor() {
    super('The user aborted a request.');
    this.name = 'AbortError';
  }
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

const gunzip = promisify(zlib.gunzip);

/**
 * A compressed body's text, at most `maxBytes` once inflated. Off the event
 * loop (zlib's thread pool), as node-fetch inflated it: a list page of a
 * large cluster is megabytes.
 */
export async function inflate(
  raw: Buffer,
  encoding: string,
  maxBytes: number,
): Promise<string> {
  if (encoding !== 'gzip' && encoding !== 'x-gzip')
    throw new Error(`unsupported content-encoding ${encoding}`);
  const text = await gunzip(raw, {
    maxOutputLength: maxBytes,
    // A truncated stream is read as far as it goes, as node-fetch reads it.
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
  return text.toString('utf8');
}
