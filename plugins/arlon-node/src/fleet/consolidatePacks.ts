import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  checkPack,
  mergePacks,
  parseIndex,
  type PackEntry,
} from './mergePacks';

/** Packs a checkout may hold before the small ones are merged. */
export const MOST_PACKS = 32;
/**
 * Bytes of packs merged at once, at most: merging holds them all in memory,
 * and isomorphic-git reads a whole pack to read one object of it. A merged
 * pack that outgrows it is left alone, and the next ones start anew.
 */
const MERGE_BYTES = 64 * 1024 * 1024;

/**
 * Merges the packs of a clone into one when there are more than `most`,
 * leaving the largest (the first clone's, usually) as it is. Each fetch by
 * id writes a pack, and isomorphic-git looks for every object it reads in
 * every pack in turn, so a checkout that fetched for weeks read more slowly
 * with every commit (bench:fetches, 2,000 files: 90 ms at 100 packs,
 * 394 ms at 2,000). Packs that cannot be read as checked version 2 SHA-1
 * packs stay as they are, and are reported. An object two packs hold is
 * merged once (mergePacks): it is common, a value set back to an earlier
 * one comes again in the next fetch's pack. The merged pack
 * and its index are in place before any source is removed, so a crash
 * leaves objects twice, never missing. Resolves to the packs merged.
 */
export async function consolidatePacks(
  gitdir: string,
  options: { most?: number; mergeBytes?: number } = {},
): Promise<{ merged: number; skipped: string[] }> {
  const dir = path.join(gitdir, 'objects', 'pack');
  const names = (await fs.readdir(dir).catch(() => [] as string[]))
    .filter(name => /^pack-[0-9a-f]{40}\.idx$/.test(name))
    .map(name => name.slice(0, -'.idx'.length));
  if (names.length <= (options.most ?? MOST_PACKS))
    return { merged: 0, skipped: [] };
  const sized = await Promise.all(
    names.map(async name => ({
      name,
      size: (await fs.stat(path.join(dir, `${name}.pack`))).size,
    })),
  );
  sized.sort((a, b) => a.size - b.size);
  sized.pop(); // the largest stays
  const sources: Array<{ name: string; pack: Buffer; entries: PackEntry[] }> =
    [];
  const skipped: string[] = [];
  let bytes = 0;
  for (const { name, size } of sized) {
    if (bytes + size > (options.mergeBytes ?? MERGE_BYTES)) break;
    try {
      const index = parseIndex(
        await fs.readFile(path.join(dir, `${name}.idx`)),
      );
      const pack = await fs.readFile(path.join(dir, `${name}.pack`));
      checkPack(pack, index);
      sources.push({ name, pack, entries: index.entries });
      bytes += size;
    } catch (error) {
      skipped.push(`${name}: ${(error as Error).message}`);
    }
  }
  if (sources.length < 2) return { merged: 0, skipped };
  const { pack, idx, checksum } = mergePacks(sources);
  const merged = `pack-${checksum}`;
  const temporary = path.join(
    dir,
    `tmp-merge-${randomBytes(6).toString('hex')}`,
  );
  try {
    // Only `.idx` names are listed by readers: the pack goes first.
    await fs.writeFile(`${temporary}.pack`, pack);
    await fs.writeFile(`${temporary}.tmp`, idx);
    await fs.rename(`${temporary}.pack`, path.join(dir, `${merged}.pack`));
    await fs.rename(`${temporary}.tmp`, path.join(dir, `${merged}.idx`));
  } finally {
    await fs.rm(`${temporary}.pack`, { force: true });
    await fs.rm(`${temporary}.tmp`, { force: true });
  }
  for (const { name } of sources) {
    if (name === merged) continue;
    await fs.rm(path.join(dir, `${name}.idx`), { force: true });
    await fs.rm(path.join(dir, `${name}.pack`), { force: true });
  }
  return { merged: sources.length, skipped };
}
