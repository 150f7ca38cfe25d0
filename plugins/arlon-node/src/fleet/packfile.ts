import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** One Git object as it is hashed, without the `<type> <size>\0` header. */
export interface GitObject {
  type: 'commit' | 'tree' | 'blob';
  oid: string;
  content: Buffer;
}

/** Pack type numbers (Documentation/gitformat-pack.txt). */
const PACK_TYPE = { commit: 1, tree: 2, blob: 3 } as const;

/**
 * A version 2 packfile of `objects`, each stored whole (no deltas): the
 * `PACK` header with the object count, per object its type and inflated
 * size (a variable-length number) and its zlib-deflated content, then the
 * SHA-1 of everything before. Git's receive-pack indexes it as it would any
 * pack `git push` sends. Objects are written once each, in the given order.
 */
export function packfile(objects: Iterable<GitObject>): Buffer {
  const parts: Buffer[] = [];
  const seen = new Set<string>();
  for (const object of objects) {
    if (seen.has(object.oid)) continue;
    seen.add(object.oid);
    parts.push(entryHeader(PACK_TYPE[object.type], object.content.length));
    parts.push(deflateSync(object.content));
  }
  const header = Buffer.alloc(12);
  header.write('PACK', 0, 'latin1');
  header.writeUInt32BE(2, 4);
  header.writeUInt32BE(seen.size, 8);
  const body = Buffer.concat([header, ...parts]);
  return Buffer.concat([body, createHash('sha1').update(body).digest()]);
}

/** Type and size: 3 type bits and the low 4 size bits, then 7 bits a byte, the high bit saying "more". */
function entryHeader(type: number, size: number): Buffer {
  const bytes: number[] = [];
  let byte = (type << 4) | (size & 0x0f);
  let rest = Math.floor(size / 16);
  while (rest > 0) {
    bytes.push(byte | 0x80);
    byte = rest & 0x7f;
    rest = Math.floor(rest / 128);
  }
  bytes.push(byte);
  return Buffer.from(bytes);
}
