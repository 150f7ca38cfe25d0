import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * A whole, valid pack of a few hundred bytes that inflates to just over
 * 1 GiB when indexed: a 64 KiB blob, then an ofs-delta on it whose every
 * byte 0x80 copies the whole blob (16,385 copies).
 */
export function packBomb(): Buffer {
  const objectHeader = (type: number, size: number) => {
    const bytes = [(type << 4) | (size & 15)];
    for (let rest = Math.floor(size / 16); rest > 0; rest >>= 7) {
      bytes[bytes.length - 1] |= 0x80;
      bytes.push(rest & 0x7f);
    }
    return Buffer.from(bytes);
  };
  const varint = (value: number) => {
    const bytes: number[] = [];
    let n = value;
    for (; n >= 0x80; n = Math.floor(n / 128)) bytes.push((n & 0x7f) | 0x80);
    return Buffer.from([...bytes, n]);
  };
  const base = Buffer.concat([
    objectHeader(3, 0x10000),
    deflateSync(Buffer.alloc(0x10000, 'a')),
  ]);
  const copies = 2 ** 14 + 1;
  const delta = Buffer.concat([
    varint(0x10000),
    varint(copies * 0x10000),
    Buffer.alloc(copies, 0x80),
  ]);
  const deltaEntry = Buffer.concat([
    objectHeader(6, delta.length),
    Buffer.from([base.length]), // back to the blob, right before it
    deflateSync(delta),
  ]);
  const header = Buffer.from('PACK\0\0\0\x02\0\0\0\x02', 'latin1');
  const body = Buffer.concat([header, base, deltaEntry]);
  return Buffer.concat([body, createHash('sha1').update(body).digest()]);
}
