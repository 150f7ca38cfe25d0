/**
 * Git's receive-pack protocol over smart HTTP, version 0/1
 * (Documentation/gitprotocol-pack.txt, gitprotocol-http.txt): the pure part,
 * requests built and answers read. Every answer comes from the Git server
 * and is read as hostile: each pkt-line's length is checked against the
 * bytes that are there, and anything that is not the protocol is an error
 * that says so, never a guess.
 */

export const ZERO_OID = '0000000000000000000000000000000000000000';
/** The largest pkt-line Git sends or accepts: 65516 bytes of data and the 4-byte length. */
const MAX_PKT_LINE = 65520;
const OID = /^[0-9a-f]{40}$/;

/** An answer that is not Git's protocol (a proxy's page, a truncated body, garbage). */
export class GitProtocolError extends Error {
  constructor(detail: string, operation = 'a push') {
    super(
      `The Git server's answer to ${operation} is not Git's protocol: ${detail}`,
    );
    this.name = 'GitProtocolError';
  }
}

/** One pkt-line: its length in 4 hex digits (itself included), then the data. */
export function pktLine(data: string | Buffer): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  if (bytes.length + 4 > MAX_PKT_LINE)
    throw new Error(`a pkt-line of ${bytes.length} bytes is too long`);
  return Buffer.concat([
    Buffer.from((bytes.length + 4).toString(16).padStart(4, '0'), 'latin1'),
    bytes,
  ]);
}

export const FLUSH = Buffer.from('0000', 'latin1');

/** The pkt-lines of `bytes` in order, `null` for a flush-pkt; throws on anything else. */
export function* readPktLines(
  bytes: Buffer,
  operation?: string,
): Generator<Buffer | null> {
  let at = 0;
  while (at < bytes.length) {
    if (at + 4 > bytes.length)
      throw new GitProtocolError(
        `a pkt-line is cut short at byte ${at}`,
        operation,
      );
    const hex = bytes.toString('latin1', at, at + 4);
    if (!/^[0-9a-f]{4}$/.test(hex))
      throw new GitProtocolError(
        `${JSON.stringify(hex)} at byte ${at} is not a pkt-line length`,
        operation,
      );
    const length = parseInt(hex, 16);
    if (length === 0) {
      at += 4;
      yield null;
      continue;
    }
    if (length < 4 || length > MAX_PKT_LINE)
      throw new GitProtocolError(
        `a pkt-line of length ${length} at byte ${at} is outside 4..${MAX_PKT_LINE}`,
        operation,
      );
    if (at + length > bytes.length)
      throw new GitProtocolError(
        `a pkt-line of ${length} bytes at byte ${at} is cut short at ${bytes.length}`,
        operation,
      );
    yield bytes.subarray(at + 4, at + length);
    at += length;
  }
}

/** What the server advertises for a push: its refs' heads and its capabilities. */
export interface ReceivePackAdvertisement {
  refs: Map<string, string>;
  capabilities: Set<string>;
}

/**
 * Reads `GET info/refs?service=git-receive-pack`'s body: the service line
 * and a flush, then `<oid> <ref>` lines (the first with `\0` and the
 * capabilities; an empty repository sends `capabilities^{}`), then a flush.
 */
export function parseAdvertisement(bytes: Buffer): ReceivePackAdvertisement {
  const lines = readPktLines(bytes);
  const service = lines.next();
  if (
    service.done ||
    service.value === null ||
    textOf(service.value) !== '# service=git-receive-pack'
  )
    throw new GitProtocolError(
      'the ref advertisement does not start with "# service=git-receive-pack"',
    );
  if (lines.next().value !== null)
    throw new GitProtocolError('no flush-pkt after the service line');
  const refs = new Map<string, string>();
  let capabilities = new Set<string>();
  let first = true;
  for (const line of lines) {
    if (line === null) return { refs, capabilities };
    let text = textOf(line);
    if (first) {
      const nul = text.indexOf('\0');
      if (nul === -1)
        throw new GitProtocolError('the first ref line has no capabilities');
      capabilities = new Set(
        text
          .slice(nul + 1)
          .split(' ')
          .filter(Boolean),
      );
      text = text.slice(0, nul);
      first = false;
    }
    const [oid, ref, ...rest] = text.split(' ');
    if (!OID.test(oid) || !ref || rest.length > 0)
      throw new GitProtocolError(
        `${JSON.stringify(text.slice(0, 100))} is not a ref line`,
      );
    if (ref !== 'capabilities^{}') refs.set(ref, oid);
  }
  throw new GitProtocolError('the ref advertisement ends without a flush-pkt');
}

/** The request: one command updating `ref` from `oldOid` to `newOid`, a flush, then the pack. */
export function receivePackRequest(
  ref: string,
  oldOid: string,
  newOid: string,
  capabilities: string[],
  pack: Buffer,
): Buffer[] {
  return [
    pktLine(`${oldOid} ${newOid} ${ref}\0${capabilities.join(' ')}\n`),
    FLUSH,
    pack,
  ];
}

/** The server's report (report-status): whether the pack unpacked, and each ref's fate. */
export interface PushReport {
  /** `ok`, or why the pack was not unpacked. */
  unpack: string;
  refs: Map<string, { ok: boolean; error: string }>;
}

/**
 * Reads the answer to the POST: with side-band-64k, band 1 carries the
 * report's own pkt-lines, band 2 progress (kept for an error message) and
 * band 3 a fatal error; without it, the report's pkt-lines come bare.
 */
export function parseReport(bytes: Buffer, sideBand: boolean): PushReport {
  if (!sideBand) return reportOf(bytes);
  const data: Buffer[] = [];
  for (const line of readPktLines(bytes)) {
    if (line === null) return reportOf(Buffer.concat(data));
    if (line.length === 0)
      throw new GitProtocolError('an empty side-band pkt-line');
    const payload = line.subarray(1);
    if (line[0] === 1) data.push(payload);
    else if (line[0] === 3)
      throw new GitProtocolError(
        `the server failed the push: ${textOf(payload).slice(0, 500)}`,
      );
    else if (line[0] !== 2)
      throw new GitProtocolError(`side-band ${line[0]} is not 1, 2 or 3`);
  }
  throw new GitProtocolError('the answer ends without a flush-pkt');
}

function reportOf(bytes: Buffer): PushReport {
  const lines = readPktLines(bytes);
  const first = lines.next();
  const unpack =
    first.done || first.value === null ? undefined : textOf(first.value);
  if (!unpack?.startsWith('unpack '))
    throw new GitProtocolError('the report does not start with "unpack"');
  const refs = new Map<string, { ok: boolean; error: string }>();
  for (const line of lines) {
    if (line === null) return { unpack: unpack.slice('unpack '.length), refs };
    const text = textOf(line);
    const match = /^(ok|ng) (\S+)(?: (.*))?$/.exec(text);
    if (!match)
      throw new GitProtocolError(
        `${JSON.stringify(
          text.slice(0, 100),
        )} is not "ok <ref>" or "ng <ref> <why>"`,
      );
    refs.set(match[2], { ok: match[1] === 'ok', error: match[3] ?? '' });
  }
  throw new GitProtocolError('the report ends without a flush-pkt');
}

/** A pkt-line's text without the newline Git ends most with. */
export function textOf(line: Buffer): string {
  const text = line.toString('utf8');
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}
