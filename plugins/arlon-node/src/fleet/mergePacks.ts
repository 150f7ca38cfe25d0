import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * Git pack and pack index (version 2, SHA-1) arithmetic for merging packs
 * without inflating them: each pack's entries are copied byte for byte, so
 * an entry's offset delta to its base (OFS_DELTA) stays right, and an entry
 * naming its base by id (REF_DELTA, as fetched thin packs do) still finds
 * it in whichever pack holds it. An object an earlier source holds is left
 * out of later ones (a value set back to an earlier one comes again in the
 * next fetch's pack), and only an offset delta whose distance to its base
 * changed is rewritten. Pure: buffers in, buffers out.
 * Formats: git's Documentation/gitformat-pack.txt.
 */

const IDX_MAGIC = 0xff744f63;
const OID = 20;
const HEADER = 12;
const TRAILER = 20;
const FANOUT_END = 8 + 256 * 4;
const LARGE = 0x80000000;
const OFS_DELTA = 6;

/** One object of a pack, as its index lists it. */
export interface PackEntry {
  oid: Buffer;
  crc: number;
  offset: number;
}

export class PackFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PackFormatError';
  }
}

const sha1 = (...parts: Buffer[]) => {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** The entries of a version 2 SHA-1 pack index, and the checksum of its pack; checked whole. */
export function parseIndex(idx: Buffer): {
  entries: PackEntry[];
  packChecksum: Buffer;
} {
  if (idx.length < FANOUT_END + 2 * TRAILER)
    throw new PackFormatError('the index is too short');
  if (idx.readUInt32BE(0) !== IDX_MAGIC || idx.readUInt32BE(4) !== 2)
    throw new PackFormatError('the index is not version 2');
  const end = idx.length - TRAILER;
  if (!sha1(idx.subarray(0, end)).equals(idx.subarray(end)))
    throw new PackFormatError('the index checksum does not match');
  const count = idx.readUInt32BE(FANOUT_END - 4);
  const oids = FANOUT_END;
  const crcs = oids + count * OID;
  const offsets = crcs + count * 4;
  const large = offsets + count * 4;
  if (large > end - TRAILER)
    throw new PackFormatError('the index is shorter than its count');
  const entries: PackEntry[] = [];
  let larges = 0;
  for (let i = 0; i < count; i++) {
    const oid = idx.subarray(oids + i * OID, oids + (i + 1) * OID);
    if (i > 0 && Buffer.compare(entries[i - 1].oid, oid) >= 0)
      throw new PackFormatError('the index does not list its objects in order');
    let offset = idx.readUInt32BE(offsets + i * 4);
    if (offset & LARGE) {
      const at = large + (offset & ~LARGE) * 8;
      if (at + 8 > end - TRAILER)
        throw new PackFormatError('a large offset is outside the index');
      offset = Number(idx.readBigUInt64BE(at));
      larges++;
    }
    entries.push({ oid, crc: idx.readUInt32BE(crcs + i * 4), offset });
  }
  for (let b = 0, seen = 0; b < 256; b++) {
    while (seen < count && entries[seen].oid[0] <= b) seen++;
    if (idx.readUInt32BE(8 + b * 4) !== seen)
      throw new PackFormatError('the index fan-out does not match its objects');
  }
  if (large + larges * 8 !== end - TRAILER)
    throw new PackFormatError('the index has bytes it does not account for');
  return { entries, packChecksum: idx.subarray(end - TRAILER, end) };
}

/**
 * A version 2 pack index of `entries` (in any order; each object once: Git
 * refuses a pack that holds one twice) for the pack whose checksum is
 * `packChecksum`.
 */
export function writeIndex(entries: PackEntry[], packChecksum: Buffer): Buffer {
  const sorted = [...entries].sort((a, b) => Buffer.compare(a.oid, b.oid));
  const count = sorted.length;
  const larges = sorted.filter(e => e.offset >= LARGE);
  const body = Buffer.alloc(FANOUT_END + count * (OID + 8) + larges.length * 8);
  body.writeUInt32BE(IDX_MAGIC, 0);
  body.writeUInt32BE(2, 4);
  for (let b = 0, seen = 0; b < 256; b++) {
    while (seen < count && sorted[seen].oid[0] <= b) seen++;
    body.writeUInt32BE(seen, 8 + b * 4);
  }
  const crcs = FANOUT_END + count * OID;
  const offsets = crcs + count * 4;
  const large = offsets + count * 4;
  let nextLarge = 0;
  sorted.forEach((entry, i) => {
    if (i > 0 && sorted[i - 1].oid.equals(entry.oid))
      throw new PackFormatError(
        `object ${entry.oid.toString('hex')} is listed twice`,
      );
    entry.oid.copy(body, FANOUT_END + i * OID);
    body.writeUInt32BE(entry.crc >>> 0, crcs + i * 4);
    if (entry.offset < LARGE) body.writeUInt32BE(entry.offset, offsets + i * 4);
    else {
      body.writeUInt32BE((LARGE | nextLarge) >>> 0, offsets + i * 4);
      body.writeBigUInt64BE(BigInt(entry.offset), large + nextLarge * 8);
      nextLarge++;
    }
  });
  const withPack = Buffer.concat([body, packChecksum]);
  return Buffer.concat([withPack, sha1(withPack)]);
}

/** Checks a pack against its parsed index: header, object count, checksum, offsets inside it. */
export function checkPack(
  pack: Buffer,
  index: { entries: PackEntry[]; packChecksum: Buffer },
) {
  if (
    pack.length < HEADER + TRAILER ||
    pack.toString('latin1', 0, 4) !== 'PACK'
  )
    throw new PackFormatError('the pack has no pack header');
  const version = pack.readUInt32BE(4);
  if (version !== 2 && version !== 3)
    throw new PackFormatError(`the pack is version ${version}`);
  if (pack.readUInt32BE(8) !== index.entries.length)
    throw new PackFormatError('the pack and its index count different objects');
  const end = pack.length - TRAILER;
  const trailer = pack.subarray(end);
  if (
    !trailer.equals(index.packChecksum) ||
    !sha1(pack.subarray(0, end)).equals(trailer)
  )
    throw new PackFormatError('the pack checksum does not match');
  const offsets = index.entries.map(e => e.offset).sort((a, b) => a - b);
  const starts = new Set(offsets);
  if (starts.size !== offsets.length)
    throw new PackFormatError('two objects share an offset');
  offsets.forEach((offset, i) => {
    if (offset < HEADER || offset >= end)
      throw new PackFormatError('an object lies outside the pack');
    // mergePacks moves offset deltas: each must name an object before it.
    const delta = offsetDelta(pack, offset, offsets[i + 1] ?? end);
    if (delta && !starts.has(offset - delta.distance))
      throw new PackFormatError('an offset delta names no object of its pack');
  });
}

/**
 * Where an entry's base lies, as a distance back from it, when it is an
 * offset delta: after the type and size bytes, a big-endian base-128
 * number where each continuation adds one (git's packfile.c).
 */
function offsetDelta(
  pack: Buffer,
  start: number,
  end: number,
): { at: number; length: number; distance: number } | undefined {
  let p = start;
  if (start >= end || ((pack[start] >> 4) & 7) !== OFS_DELTA) return undefined;
  while (p < end && pack[p] & 0x80) p++;
  const at = ++p;
  if (p >= end) throw new PackFormatError('an entry is cut short');
  let c = pack[p++];
  let distance = c & 0x7f;
  while (c & 0x80) {
    if (p >= end || distance > 2 ** 45)
      throw new PackFormatError('an offset delta is cut short');
    c = pack[p++];
    distance = (distance + 1) * 128 + (c & 0x7f);
  }
  if (distance === 0) throw new PackFormatError('an offset delta names itself');
  return { at: at - start, length: p - at, distance };
}

function encodeDistance(distance: number): Buffer {
  const bytes = [distance & 0x7f];
  for (let n = Math.floor(distance / 128); n > 0; n = Math.floor(n / 128)) {
    n -= 1;
    bytes.unshift(0x80 | (n & 0x7f));
  }
  return Buffer.from(bytes);
}

/**
 * One pack holding every object of `sources` (packs checkPack passed), and
 * its index. Each source's entries are copied as they are, one source
 * after another, but for an object an earlier source gave (left out) and
 * an offset delta whose base moved (its distance rewritten; its base may
 * now be the earlier source's copy of the same object).
 */
export function mergePacks(
  sources: Array<{ pack: Buffer; entries: PackEntry[] }>,
): { pack: Buffer; idx: Buffer; checksum: string } {
  const header = Buffer.alloc(HEADER);
  header.write('PACK', 0, 'latin1');
  header.writeUInt32BE(2, 4);
  const parts: Buffer[] = [header];
  const entries: PackEntry[] = [];
  /** Where each object taken lies in the merged pack. */
  const taken = new Map<string, number>();
  let at = HEADER;
  for (const { pack, entries: listed } of sources) {
    const end = pack.length - TRAILER;
    const byOffset = [...listed].sort((a, b) => a.offset - b.offset);
    /** A source offset's object, where the merged pack holds it. */
    const moved = new Map<number, number>();
    /** Entries kept as they are, next to each other: copied as one part. */
    let run = { start: HEADER, end: HEADER };
    const copyRun = () => {
      if (run.end > run.start) parts.push(pack.subarray(run.start, run.end));
    };
    for (let i = 0; i < byOffset.length; i++) {
      const entry = byOffset[i];
      const next = byOffset[i + 1]?.offset ?? end;
      const id = entry.oid.toString('latin1'); // a key only: cheaper than hex
      const earlier = taken.get(id);
      if (earlier !== undefined) {
        moved.set(entry.offset, earlier);
        continue;
      }
      let rewritten: Buffer | undefined;
      const delta = offsetDelta(pack, entry.offset, next);
      if (delta) {
        const base = moved.get(entry.offset - delta.distance)!;
        const bytes = pack.subarray(entry.offset, next);
        if (at - base !== delta.distance)
          rewritten = Buffer.concat([
            bytes.subarray(0, delta.at),
            encodeDistance(at - base),
            bytes.subarray(delta.at + delta.length),
          ]);
      }
      moved.set(entry.offset, at);
      taken.set(id, at);
      if (rewritten) {
        copyRun();
        run = { start: next, end: next };
        parts.push(rewritten);
        entries.push({ oid: entry.oid, crc: crc32(rewritten), offset: at });
        at += rewritten.length;
      } else {
        if (run.end !== entry.offset) {
          copyRun();
          run = { start: entry.offset, end: entry.offset };
        }
        run.end = next;
        entries.push({ oid: entry.oid, crc: entry.crc, offset: at });
        at += next - entry.offset;
      }
    }
    copyRun();
  }
  header.writeUInt32BE(entries.length, 8);
  const checksum = sha1(...parts);
  const pack = Buffer.concat([...parts, checksum]);
  return {
    pack,
    idx: writeIndex(entries, checksum),
    checksum: checksum.toString('hex'),
  };
}
