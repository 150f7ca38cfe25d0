import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import {
  FLUSH,
  GitProtocolError,
  pktLine,
  readPktLines,
  textOf,
} from './receivePackProtocol';

/**
 * Git's upload-pack protocol over smart HTTP, version 0/1, for one commit
 * whose id is already known (Documentation/gitprotocol-pack.txt,
 * gitprotocol-http.txt): the pure part, the request built and the answer
 * read. The answer comes from the Git server and is read as hostile, as the
 * push's is (receivePackProtocol): pkt-lines checked, the pack's framing and
 * checksum checked; its objects are hashed when they are indexed.
 */

const OPERATION = 'a fetch';
const OID = /^[0-9a-f]{40}$/;
/** Pack object types (gitformat-pack.txt): commit, tree, blob, tag, and the two deltas. */
const OFS_DELTA = 6;
const REF_DELTA = 7;
const OBJECT_TYPES = new Set([1, 2, 3, 4, OFS_DELTA, REF_DELTA]);
/** A pack's frame: the 'PACK' signature, version 2 and the object count, then a SHA-1 trailer. */
const PACK_HEADER = 12;
const PACK_TRAILER = 20;

/** The server would not give the commit (no ref reaches it any more, or it never had it). */
export class WantRefusedError extends Error {
  constructor(detail: string) {
    super(`The Git server refused to send the commit: ${detail}`);
    this.name = 'WantRefusedError';
  }
}

/**
 * The POST's body: one `want` with the capabilities asked for, a flush, a
 * `have` per commit the clone holds, and `done` (no negotiation rounds: the
 * clone's head is the commit the server builds on, or near it).
 */
export function uploadPackRequest(
  want: string,
  haves: string[],
  capabilities: string[],
): Buffer {
  for (const oid of [want, ...haves])
    if (!OID.test(oid))
      throw new Error(`${JSON.stringify(oid)} is no commit id`);
  return Buffer.concat([
    pktLine(`want ${want} ${capabilities.join(' ')}\n`),
    FLUSH,
    ...haves.map(have => pktLine(`have ${have}\n`)),
    pktLine('done\n'),
  ]);
}

/**
 * The pack in the answer to `uploadPackRequest` asked with side-band-64k:
 * one `NAK` or `ACK <oid>` line, then the pack in band 1 (band 2 is
 * progress, band 3 a fatal error), then a flush. `ERR <why>` instead is the
 * server refusing the want.
 */
export function packOfAnswer(bytes: Buffer): Buffer {
  const lines = readPktLines(bytes, OPERATION);
  const first = lines.next();
  if (first.done || first.value === null)
    throw new GitProtocolError('the answer has no acknowledgement', OPERATION);
  const ack = textOf(first.value);
  if (ack.startsWith('ERR ')) throw new WantRefusedError(ack.slice(4, 504));
  if (ack !== 'NAK' && !/^ACK [0-9a-f]{40}$/.test(ack))
    throw new GitProtocolError(
      `${JSON.stringify(ack.slice(0, 100))} is not "NAK" or "ACK <oid>"`,
      OPERATION,
    );
  const data: Buffer[] = [];
  for (const line of lines) {
    if (line === null) return checkedPack(Buffer.concat(data));
    if (line.length === 0)
      throw new GitProtocolError('an empty side-band pkt-line', OPERATION);
    const payload = line.subarray(1);
    if (line[0] === 1) data.push(payload);
    else if (line[0] === 3)
      throw new GitProtocolError(
        `the server failed the fetch: ${textOf(payload).slice(0, 500)}`,
        OPERATION,
      );
    else if (line[0] !== 2)
      throw new GitProtocolError(
        `side-band ${line[0]} is not 1, 2 or 3`,
        OPERATION,
      );
  }
  throw new GitProtocolError('the answer ends without a flush-pkt', OPERATION);
}

/** `pack` whole: its signature, version and trailer (the SHA-1 of the bytes before it). */
function checkedPack(pack: Buffer): Buffer {
  if (
    pack.length < PACK_HEADER + PACK_TRAILER ||
    pack.toString('latin1', 0, 4) !== 'PACK' ||
    pack.readUInt32BE(4) !== 2
  )
    throw new GitProtocolError('the answer holds no version 2 pack', OPERATION);
  const body = pack.subarray(0, pack.length - PACK_TRAILER);
  const trailer = pack.subarray(pack.length - PACK_TRAILER);
  if (!createHash('sha1').update(body).digest().equals(trailer))
    throw new GitProtocolError(
      "the pack's checksum does not match its bytes",
      OPERATION,
    );
  return pack;
}

/**
 * Refuses `pack` (whole, checkedPack) when indexing it would inflate more
 * than `limit` bytes: the objects' sizes plus each delta's result. Indexing
 * inflates every object and applies every delta in memory, with no bound of
 * its own and no deadline (the body has arrived), so a few hundred
 * kilobytes can otherwise claim gigabytes: zeros deflated (a zlib bomb), or
 * a delta that copies its base over and over. Each object is inflated here
 * to at most the size its header declares, which must be what comes.
 */
export function checkInflatedSize(pack: Buffer, limit: number): void {
  const end = pack.length - PACK_TRAILER;
  const count = pack.readUInt32BE(8);
  let at = PACK_HEADER;
  let total = 0;
  const refuse = (detail: string): never => {
    throw new GitProtocolError(`the pack ${detail}`, OPERATION);
  };
  for (let i = 0; i < count; i++) {
    if (at >= end) refuse(`ends before its object ${i + 1} of ${count}`);
    let byte = pack[at++];
    const type = (byte >> 4) & 7;
    let size = byte & 15;
    for (let shift = 4; byte & 0x80; shift += 7) {
      if (at >= end || shift > 49) refuse(`has a bad object header at ${at}`);
      byte = pack[at++];
      size += (byte & 0x7f) * 2 ** shift;
    }
    if (!OBJECT_TYPES.has(type)) refuse(`has an object of type ${type}`);
    if (type === OFS_DELTA) while (at < end && pack[at++] & 0x80);
    if (type === REF_DELTA) at += 20;
    if (size > limit - total) refuse(`inflates to more than ${limit} bytes`);
    let inflated: { buffer: Buffer; engine: { bytesWritten: number } };
    try {
      inflated = inflateSync(pack.subarray(at, end), {
        info: true,
        maxOutputLength: Math.max(size, 1),
      }) as any;
    } catch {
      throw new GitProtocolError(
        `the pack has an object at ${at} that does not inflate to its ${size} bytes`,
        OPERATION,
      );
    }
    if (inflated.buffer.length !== size)
      refuse(
        `has an object at ${at} that does not inflate to its ${size} bytes`,
      );
    at += inflated.engine.bytesWritten;
    // And a delta's result: its header's second size (after the base's).
    total += size;
    if (type === OFS_DELTA || type === REF_DELTA)
      total += deltaResultSize(inflated.buffer);
    if (total > limit) refuse(`inflates to more than ${limit} bytes`);
  }
  if (at !== end) refuse(`has ${end - at} bytes after its ${count} objects`);
}

/** The result size a delta declares: the second of its two leading varints. */
function deltaResultSize(delta: Buffer): number {
  let at = 0;
  while (at < delta.length && delta[at++] & 0x80);
  let size = 0;
  for (let shift = 0; at < delta.length; shift += 7) {
    const byte = delta[at++];
    size += (byte & 0x7f) * 2 ** shift;
    if (!(byte & 0x80) || shift > 49) break;
  }
  return size;
}
