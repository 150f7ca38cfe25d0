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

/** Headers one string each (repeated ones joined), HTTP/2's pseudo-headers (`:status`) left out. */
export function flatHeaders(
  headers: Record<string, string | string[] | number | undefined>,
): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (!name.startsWith(':') && value !== undefined)
      flat[name] = Array.isArray(value) ? value.join(', ') : String(value);
  return flat;
}

/** A body's chunks as they come, refused past `maxBytes` (node-fetch's `max-size`). */
export class CappedBody {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  constructor(
    private readonly url: string,
    private readonly maxBytes: number,
  ) {}

  /** Keeps `chunk`; the error to fail with once the body is over its cap. */
  add(chunk: Buffer): FetchError | undefined {
    this.size += chunk.length;
    if (this.size > this.maxBytes)
      return new FetchError(
        `content size at ${this.url} over limit: ${this.maxBytes}`,
        'max-size',
      );
    this.chunks.push(chunk);
    return undefined;
  }

  /**
   * The body's text, handed to `finish`: as sent, or inflated (off the
   * event loop); a body that cannot be read goes to `fail`, as node-fetch
   * reports it.
   */
  decode(
    encoding: string | undefined,
    finish: (text: string) => void,
    fail: (error: FetchError) => void,
  ): void {
    const raw = Buffer.concat(this.chunks);
    if (!encoding || encoding === 'identity') finish(raw.toString('utf8'));
    else
      inflate(raw, encoding, this.maxBytes).then(finish, error =>
        fail(invalidBody(this.url, error)),
      );
  }
}

/** A body that broke off or could not be read, as node-fetch says it. */
export function invalidBody(url: string, error: Error): FetchError {
  return new FetchError(
    `Invalid response body while trying to fetch ${url}: ${error.message}`,
    'system',
    error as NodeJS.ErrnoException,
  );
}
