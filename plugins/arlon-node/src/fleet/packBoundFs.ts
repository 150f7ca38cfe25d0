import fs from 'node:fs';
import { checkInflatedSize } from './uploadPackProtocol';

/** The pack isomorphic-git's clone and fetch write, before they index it. */
const PACK_FILE = /[\\/]objects[\\/]pack[\\/]pack-[0-9a-f]{40}\.pack$/;

/**
 * The file system for isomorphic-git's clone and fetch: node's, except that
 * a pack they received is refused (checkInflatedSize) when indexing it would
 * inflate more than `limit` bytes. Both write the whole pack, then index it
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
          limit,
        );
      return fs.promises.writeFile(file, data, options);
    },
  };
}
