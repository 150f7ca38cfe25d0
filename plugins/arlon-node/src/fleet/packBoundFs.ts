import fs from 'node:fs';
import { checkInflatedSize } from './uploadPackProtocol';

/** The pack isomorphic-git's clone and fetch write, before they index it. */
const PACK_FILE = /[\\/]objects[\\/]pack[\\/]pack-[0-9a-f]{40}\.pack$/;

const HISTORY_RATIO = 16_384;

/**
 * How far a pack of `packBytes` may inflate when it is indexed: `limit`, or
 * 16,384 times its bytes where that is more. A clone carries the fleet's
 * whole history, and at 10,000 clusters each version of the `clusters/`
 * tree inflates to about 0.5 MB from a delta of a few dozen bytes: a few
 * thousand commits inflate past any fixed bound, at ratios near a
 * thousand. A bomb's ratio is what gives it away: the 400-byte pack that
 * inflates to 4.5 GB is eleven million to one.
 */
export function inflatedLimit(packBytes: number, limit: number): number {
  return Math.max(limit, HISTORY_RATIO * packBytes);
}

/**
 * The file system for isomorphic-git's clone and fetch: node's, except that
 * a pack they received is refused (checkInflatedSize) when indexing it would
 * inflate more than `limit` bytes (inflatedLimit). Both write the whole pack, then index it
 * in memory with no bound of their own; the write comes first, so this is
 * the one place to look at it before a few hundred bytes become gigabytes,
 * the bound the fetch by id (fetchCommit) applies to its own packs.
 */
export function packBoundFs(limit: number) {
  return {
    ...fs.promises,
    async writeFile(
      file: Parameters<typeof fs.promises.writeFile>[0],
      data: Parameters<typeof fs.promises.writeFile>[1],
      options?: Parameters<typeof fs.promises.writeFile>[2],
    ) {
      if (
        typeof file === 'string' &&
        PACK_FILE.test(file) &&
        data instanceof Uint8Array
      )
        checkInflatedSize(
          Buffer.from(data.buffer, data.byteOffset, data.byteLength),
          inflatedLimit(data.byteLength, limit),
        );
      return fs.promises.writeFile(file, data, options);
    },
  };
}
