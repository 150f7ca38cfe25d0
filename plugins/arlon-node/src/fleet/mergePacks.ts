import { createHash } from 'node:crypto';

/**
 * Git pack and pack index (version 2, SHA-1) arithmetic for merging packs
 * without inflating them: each pack's entries are copied byte for byte, so
 * an entry's offset delta to its base (OFS_DELTA) stays right, and an entry
 * naming its base by id (REF_DELTA, as fetched thin packs do) still finds
 * it in whichever pack holds it. Pure: buffers in, buffers out.
 * Formats: git's Documentation/gitformat-pack.txt.
 */

const IDX_MAGIC = 0xff744f63;
const OID = 20;
const HEADER = 12;
const TRAILER = 20;
const FANOUT_END = 8 + 256 * 4;
const LARGE = 0x80000000;

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
  for (const { offset } of index.entries)
    if (offset < HEADER || offset >= end)
      throw new PackFormatError('an object lies outside the pack');
}

/**
 * One pack holding every object of `sources` (checked packs, no object in
 * two of them), and its index. Each source's entries are copied as they
 * are, one source after another.
 */
export function mergePacks(
  sources: Array<{ pack: Buffer; entries: PackEntry[] }>,
): { pack: Buffer; idx: Buffer; checksum: string } {
  const header = Buffer.alloc(HEADER);
  header.write('PACK', 0, 'latin1');
  header.writeUInt32BE(2, 4);
  const parts: Buffer[] = [header];
  const entries: PackEntry[] = [];
  let at = HEADER;
  for (const { pack, entries: listed } of sources) {
    const body = pack.subarray(HEADER, pack.length - TRAILER);
    const shift = at - HEADER;
    for (const entry of listed)
      entries.push({ ...entry, offset: entry.offset + shift });
    parts.push(body);
    at += body.length;
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
