import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import nodeFs from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import git from 'isomorphic-git';
import { GitHttpServer } from '@arlon-backstage/arlon-sandbox';
import { seededFleet } from './__testUtils__/seededFleet';
import { FleetCheckout } from './FleetCheckout';
import { MOST_PACKS, consolidatePacks } from './consolidatePacks';
import { checkPack, parseIndex, writeIndex } from './mergePacks';
import { deflateSync } from 'node:zlib';

const run = promisify(execFile);

/**
 * Real Git is the oracle: the merged pack must pass `git verify-pack`
 * (which re-indexes it and checks every object's id against its bytes) and
 * the clone `git fsck --full --strict`, and every object must read as it
 * did before the merge.
 */
describe('consolidatePacks: a long-lived checkout keeps a few packs, every object in them', () => {
  let root: string;
  let server: GitHttpServer;
  let work: string;
  const cleanup: string[] = [];

  beforeAll(async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 50; i++)
      files[`arlon/clusters/c-${i}.yaml`] = `name: c-${i}\n`;
    root = await seededFleet(files);
    server = await GitHttpServer.start({ projectRoot: root });
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'packs-work-'));
    await run('git', ['clone', '-q', path.join(root, 'fleet.git'), work]);
  });
  afterAll(async () => {
    await server.stop();
    await Promise.all(
      [root, work, ...cleanup].map(d =>
        fs.rm(d, { recursive: true, force: true }),
      ),
    );
  });

  let commits = 0;
  /** A commit pushed by someone else, as a person would. */
  const pushed = async () => {
    commits++;
    const file = path.join(work, `arlon/clusters/c-${commits % 50}.yaml`);
    await fs.writeFile(file, `name: c-${commits % 50}\nversion: ${commits}\n`);
    const g = (...args: string[]) =>
      run('git', [
        '-C',
        work,
        '-c',
        'user.name=p',
        '-c',
        'user.email=p@x',
        ...args,
      ]);
    await g('commit', '-qam', `change ${commits}`);
    await g('push', '-q', 'origin', 'main');
    return (await g('rev-parse', 'HEAD')).stdout.trim();
  };

  const checkout = async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'packs-'));
    cleanup.push(dir);
    const warnings: string[] = [];
    const c = new FleetCheckout(
      dir,
      `${server.url}/fleet.git`,
      'main',
      async () => undefined,
      undefined,
      { warn: m => void warnings.push(m) },
    );
    await c.fetchHead();
    return { c, dir, gitdir: path.join(dir, '.git'), warnings };
  };
  /** `count` commits, each fetched by its id: a pack each. */
  const fetchEach = async (c: FleetCheckout, count: number) => {
    let last;
    for (let i = 0; i < count; i++) last = await c.fetchHead(await pushed());
    return last!;
  };
  const packsOf = async (gitdir: string) =>
    (await fs.readdir(path.join(gitdir, 'objects', 'pack')))
      .filter(f => f.endsWith('.idx'))
      .sort();
  /** Every object the packs hold, by id, with a digest of its content as isomorphic-git reads it. */
  const objectsOf = async (dir: string) => {
    const gitdir = path.join(dir, '.git');
    const ids = new Set<string>();
    for (const idx of await packsOf(gitdir))
      for (const e of parseIndex(
        await fs.readFile(path.join(gitdir, 'objects', 'pack', idx)),
      ).entries)
        ids.add(e.oid.toString('hex'));
    const read: Record<string, string> = {};
    for (const oid of [...ids].sort()) {
      const { type, object } = await git.readObject({
        fs: nodeFs,
        dir,
        oid,
        format: 'content',
      });
      read[oid] = `${type} ${createHash('sha1')
        .update(object as Uint8Array)
        .digest('hex')}`;
    }
    return read;
  };

  it('merges every pack but the largest into one that Git verifies, and reads every object as before', async () => {
    const { c, dir, gitdir } = await checkout();
    const before = await fetchEach(c, 12);
    const packs = await packsOf(gitdir);
    expect(packs).toHaveLength(13);
    const objects = await objectsOf(dir);

    const result = await consolidatePacks(gitdir, { most: 4 });

    expect(result).toEqual({ merged: 12, skipped: [] });
    const after = await packsOf(gitdir);
    expect(after).toHaveLength(2);
    // The clone's pack, the largest, is left as it was.
    const clonePack = packs.find(p => after.includes(p))!;
    expect(clonePack).toBeDefined();
    const merged = after.find(p => p !== clonePack)!;
    await run('git', [
      '-C',
      dir,
      'verify-pack',
      path.join(gitdir, 'objects', 'pack', merged),
    ]);
    await run('git', ['-C', dir, 'fsck', '--full', '--strict']);
    expect(await objectsOf(dir)).toEqual(objects);
    // No temporary file left beside the packs.
    expect(
      (await fs.readdir(path.join(gitdir, 'objects', 'pack'))).sort(),
    ).toEqual(after.flatMap(i => [i, i.replace(/idx$/, 'pack')]).sort());

    // The checkout reads and fetches on from the merged pack.
    const next = await fetchEach(c, 1);
    expect(next.files['arlon/clusters/c-13.yaml']).toBe(
      'name: c-13\nversion: 13\n',
    );
    expect(next.files['arlon/clusters/c-12.yaml']).toBe(
      before.files['arlon/clusters/c-12.yaml'],
    );
  });

  it('leaves a checkout with few packs as it is', async () => {
    const { c, gitdir } = await checkout();
    await fetchEach(c, 3);
    const packs = await packsOf(gitdir);
    expect(await consolidatePacks(gitdir, { most: 4 })).toEqual({
      merged: 0,
      skipped: [],
    });
    expect(await packsOf(gitdir)).toEqual(packs);
  });

  it('a checkout that fetches on never holds more than MOST_PACKS packs after a fetch', async () => {
    const { c, gitdir, warnings } = await checkout();
    let most = 0;
    let last;
    for (let i = 0; i < MOST_PACKS + 3; i++) {
      last = await c.fetchHead(await pushed());
      most = Math.max(most, (await packsOf(gitdir)).length);
    }
    expect(most).toBe(MOST_PACKS);
    // The clone's, the merged one, and the three fetched since.
    expect(await packsOf(gitdir)).toHaveLength(5);
    expect(last!.files['arlon/clusters/c-0.yaml']).toMatch(/^name: c-0\n/);
    expect(warnings).toEqual([]);
    await run('git', [
      '-C',
      path.dirname(gitdir),
      'fsck',
      '--full',
      '--strict',
    ]);
    // 35 commits pushed and fetched one by one: about 20 s on an idle machine.
  }, 120_000);

  it('merges no more bytes at once than its bound, smallest packs first', async () => {
    const { c, gitdir } = await checkout();
    await fetchEach(c, 6);
    const packDir = path.join(gitdir, 'objects', 'pack');
    const sizes = (
      await Promise.all(
        (
          await packsOf(gitdir)
        ).map(
          async idx =>
            (
              await fs.stat(path.join(packDir, idx.replace(/idx$/, 'pack')))
            ).size,
        ),
      )
    ).sort((a, b) => a - b);
    // Room for the three smallest, not a fourth.
    const bound = sizes[0] + sizes[1] + sizes[2];

    const result = await consolidatePacks(gitdir, {
      most: 2,
      mergeBytes: bound,
    });

    expect(result).toEqual({ merged: 3, skipped: [] });
    expect(await packsOf(gitdir)).toHaveLength(7 - 3 + 1);
  });

  it('leaves a damaged pack and its index where they are, says why, and merges the rest', async () => {
    const { c, gitdir } = await checkout();
    await fetchEach(c, 5);
    const packDir = path.join(gitdir, 'objects', 'pack');
    const packs = await packsOf(gitdir);
    const sizes = await Promise.all(
      packs.map(async p => ({
        p,
        size: (
          await fs.stat(path.join(packDir, p.replace(/idx$/, 'pack')))
        ).size,
      })),
    );
    const [flipped, truncated] = sizes
      .sort((a, b) => a.size - b.size)
      .map(s => s.p);
    const flippedPack = path.join(packDir, flipped.replace(/idx$/, 'pack'));
    const bytes = await fs.readFile(flippedPack);
    bytes[14] ^= 0xff;
    await fs.writeFile(flippedPack, bytes);
    const truncatedIdx = path.join(packDir, truncated);
    await fs.truncate(truncatedIdx, 100);

    const result = await consolidatePacks(gitdir, { most: 2 });

    expect(result.merged).toBe(3);
    // In the order they were looked at: smallest first.
    expect(result.skipped).toEqual([
      `${flipped.slice(0, -4)}: the pack checksum does not match`,
      `${truncated.slice(0, -4)}: the index is too short`,
    ]);
    const after = await packsOf(gitdir);
    expect(after).toEqual(expect.arrayContaining([flipped, truncated]));
    expect(after).toHaveLength(4);
    expect(await fs.readFile(flippedPack)).toEqual(bytes);
    expect((await fs.stat(truncatedIdx)).size).toBe(100);
  });

  it('merges a pack holding an object a merged pack holds, the object once, since Git refuses an object twice', async () => {
    const { c, dir, gitdir } = await checkout();
    await fetchEach(c, 3);
    const packDir = path.join(gitdir, 'objects', 'pack');
    const sizeOf = async (idx: string) =>
      (await fs.stat(path.join(packDir, idx.replace(/idx$/, 'pack')))).size;
    const packs = await packsOf(gitdir);
    const sizes = await Promise.all(packs.map(sizeOf));
    const small = packs[sizes.indexOf(Math.min(...sizes))].slice(0, -4);
    // Named to come after its original, of the same size.
    const twin = `pack-${'f'.repeat(40)}`;
    for (const ext of ['idx', 'pack'])
      await fs.copyFile(
        path.join(packDir, `${small}.${ext}`),
        path.join(packDir, `${twin}.${ext}`),
      );
    const objects = await objectsOf(dir);

    const result = await consolidatePacks(gitdir, { most: 2 });

    expect(result).toEqual({ merged: 4, skipped: [] });
    const after = await packsOf(gitdir);
    expect(after).toHaveLength(2);
    for (const idx of after)
      await run('git', ['-C', dir, 'verify-pack', path.join(packDir, idx)]);
    await run('git', ['-C', dir, 'fsck', '--full', '--strict']);
    expect(await objectsOf(dir)).toEqual(objects);
  });

  it('merges every pack of a fleet whose value is set back and forth, though each fetch brings again what an earlier one brought', async () => {
    const { c, dir, gitdir } = await checkout();
    const g = (...args: string[]) =>
      run('git', [
        '-C',
        work,
        '-c',
        'user.name=p',
        '-c',
        'user.email=p@x',
        ...args,
      ]);
    for (let i = 0; i < 8; i++) {
      // Git sends what the clone's head lacks: the blob and trees of the
      // value before it come again.
      await fs.writeFile(
        path.join(work, 'arlon/clusters/c-0.yaml'),
        `name: c-0\nreplicas: ${i % 2 ? 5 : 3}\n`,
      );
      await g('commit', '-qam', `set back ${i}`);
      await g('push', '-q', 'origin', 'main');
      await c.fetchHead((await g('rev-parse', 'HEAD')).stdout.trim());
    }
    const objects = await objectsOf(dir);

    const result = await consolidatePacks(gitdir, { most: 4 });

    expect(result).toEqual({ merged: 8, skipped: [] });
    const after = await packsOf(gitdir);
    expect(after).toHaveLength(2);
    for (const idx of after)
      await run('git', [
        '-C',
        dir,
        'verify-pack',
        path.join(gitdir, 'objects', 'pack', idx),
      ]);
    await run('git', ['-C', dir, 'fsck', '--full', '--strict']);
    expect(await objectsOf(dir)).toEqual(objects);
  });
});

describe('mergePacks: packs that share objects, deltas among them', () => {
  it('keeps each object once and moves offset deltas to the copy kept, as Git reads them', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'deltas-'));
    try {
      await run('git', ['init', '-q', dir]);
      const g = (...args: string[]) =>
        run(
          'git',
          ['-C', dir, '-c', 'user.name=p', '-c', 'user.email=p@x', ...args],
          { maxBuffer: 1e8 },
        );
      const lines = Array.from(
        { length: 400 },
        (_, i) => `line ${i} ${'x'.repeat(40)}`,
      );
      const commits: string[] = [];
      for (let i = 0; i < 12; i++) {
        lines[i * 7] = `changed ${i}`;
        await fs.writeFile(path.join(dir, 'big.txt'), lines.join('\n'));
        await fs.writeFile(path.join(dir, `f${i}`), `f ${i}\n`);
        await g('add', '-A');
        await g('commit', '-qm', `c${i}`);
        commits.push((await g('rev-parse', 'HEAD')).stdout.trim());
      }
      const packDir = path.join(dir, '.git', 'objects', 'pack');
      const packed = async (revs: string, ...options: string[]) => {
        const { stdout } = await new Promise<{ stdout: string }>(
          (resolve, reject) => {
            const child = execFile(
              'git',
              [
                '-C',
                dir,
                'pack-objects',
                '--revs',
                '-q',
                ...options,
                path.join(packDir, 'pack'),
              ],
              (error, out) =>
                error ? reject(error) : resolve({ stdout: out }),
            );
            child.stdin!.end(revs);
          },
        );
        return `pack-${stdout.trim()}`;
      };
      // Two packs sharing the versions of big.txt of c3 to c5, the second
      // with deltas against them; and the largest, without deltas, to stay.
      const first = await packed(`${commits[5]}\n`, '--delta-base-offset');
      const second = await packed(
        `${commits[11]}\n^${commits[2]}\n`,
        '--delta-base-offset',
      );
      const largest = await packed(`${commits[11]}\n`, '--window=0');
      await g('prune-packed');
      const idsOf = async (name: string) =>
        parseIndex(
          await fs.readFile(path.join(packDir, `${name}.idx`)),
        ).entries.map(e => e.oid.toString('hex'));
      const union = new Set([
        ...(await idsOf(first)),
        ...(await idsOf(second)),
      ]);
      expect(union.size).toBeLessThan(
        (await idsOf(first)).length + (await idsOf(second)).length,
      );
      const contents = (await g('cat-file', '--batch-all-objects', '--batch'))
        .stdout;

      expect(
        await consolidatePacks(path.join(dir, '.git'), { most: 1 }),
      ).toEqual({ merged: 2, skipped: [] });

      // Without the largest, the merged pack alone answers for every object.
      for (const ext of ['idx', 'pack'])
        await fs.rm(path.join(packDir, `${largest}.${ext}`));
      const [merged] = (await fs.readdir(packDir)).filter(f =>
        f.endsWith('.idx'),
      );
      expect(new Set(await idsOf(merged.slice(0, -4)))).toEqual(union);
      await g('verify-pack', path.join(packDir, merged));
      await g('fsck', '--full', '--strict');
      expect(
        (await g('cat-file', '--batch-all-objects', '--batch')).stdout,
      ).toBe(contents);
      // And isomorphic-git reads each object as the content its id names.
      for (const oid of union) {
        const { type, object } = await git.readObject({
          fs: nodeFs,
          dir,
          oid,
          format: 'content',
        });
        const content = Buffer.from(object as Uint8Array);
        expect(
          createHash('sha1')
            .update(`${type} ${content.length}\0`)
            .update(content)
            .digest('hex'),
        ).toBe(oid);
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('pack index version 2', () => {
  it('writes back, byte for byte, an index that git index-pack wrote', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'idx-'));
    try {
      await run('git', ['init', '-q', dir]);
      for (let i = 0; i < 300; i++)
        await fs.writeFile(path.join(dir, `f${i}`), `file ${i}\n`);
      const g = (...args: string[]) =>
        run('git', [
          '-C',
          dir,
          '-c',
          'user.name=p',
          '-c',
          'user.email=p@x',
          ...args,
        ]);
      await g('add', '-A');
      await g('commit', '-qm', 'many');
      await g('repack', '-adq');
      const packDir = path.join(dir, '.git', 'objects', 'pack');
      const idxName = (await fs.readdir(packDir)).find(f =>
        f.endsWith('.idx'),
      )!;
      const idx = await fs.readFile(path.join(packDir, idxName));
      const { entries, packChecksum } = parseIndex(idx);
      expect(entries).toHaveLength(302);
      expect(writeIndex([...entries].reverse(), packChecksum)).toEqual(idx);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps offsets past 2 GiB in the large offset table', () => {
    const oid = (b: number) => Buffer.alloc(20, b);
    const entries = [
      { oid: oid(1), crc: 7, offset: 12 },
      { oid: oid(2), crc: 0xffffffff, offset: 2 ** 31 },
      { oid: oid(3), crc: 9, offset: 5 * 2 ** 32 + 3 },
    ];
    const checksum = Buffer.alloc(20, 9);
    const idx = writeIndex(entries, checksum);
    expect(parseIndex(idx)).toEqual({ entries, packChecksum: checksum });
    // Two large offsets, eight bytes each, after the 31-bit ones.
    expect(idx.length).toBe(8 + 1024 + 3 * 28 + 2 * 8 + 40);
  });

  it.each([
    [
      'a wrong magic number',
      (b: Buffer) => b.writeUInt32BE(0, 0),
      'the index is not version 2',
    ],
    [
      'version 1',
      (b: Buffer) => b.writeUInt32BE(1, 4),
      'the index is not version 2',
    ],
    [
      'a count past its end',
      (b: Buffer) => b.writeUInt32BE(9999, 8 + 255 * 4),
      'the index is shorter than its count',
    ],
    [
      'ids out of order',
      (b: Buffer) => b.fill(0xff, 1032, 1052),
      'the index does not list its objects in order',
    ],
    [
      'a fan-out that lies',
      (b: Buffer) => b.writeUInt32BE(2, 8),
      'the index fan-out does not match its objects',
    ],
    [
      'a large offset outside it',
      (b: Buffer) => b.writeUInt32BE(0x80000005, 1032 + 3 * 24),
      'a large offset is outside the index',
    ],
  ])('refuses an index with %s', (_, tamper, message) => {
    const oid = (n: number) => Buffer.alloc(20, n);
    const good = writeIndex(
      [1, 2, 3].map(n => ({ oid: oid(n), crc: n, offset: 12 * n })),
      Buffer.alloc(20, 7),
    );
    const body = Buffer.from(good.subarray(0, good.length - 20));
    tamper(body);
    const resealed = Buffer.concat([
      body,
      createHash('sha1').update(body).digest(),
    ]);
    expect(() => parseIndex(resealed)).toThrow(message);
    // And a byte changed without resealing is caught by the checksum.
    const flipped = Buffer.from(good);
    flipped[1040] ^= 1;
    expect(() => parseIndex(flipped)).toThrow(
      'the index checksum does not match',
    );
  });
});

describe('checkPack: what mergePacks moves must be where the index says', () => {
  /** A pack of `entries` (raw bytes each) and its index, ids made up. */
  const packOf = (...entries: Buffer[]) => {
    const header = Buffer.from('PACK\0\0\0\x02\0\0\0\0', 'latin1');
    header.writeUInt32BE(entries.length, 8);
    const body = Buffer.concat([header, ...entries]);
    const packChecksum = createHash('sha1').update(body).digest();
    let at = 12;
    const listed = entries.map((entry, i) => {
      const e = { oid: Buffer.alloc(20, i + 1), crc: 0, offset: at };
      at += entry.length;
      return e;
    });
    return {
      pack: Buffer.concat([body, packChecksum]),
      index: { entries: listed, packChecksum },
    };
  };
  const blob = Buffer.concat([Buffer.from([0x30]), deflateSync('')]);
  const offsetDelta = (...distance: number[]) =>
    Buffer.concat([Buffer.from([0x60, ...distance]), deflateSync('')]);

  it('takes an offset delta whose base is an object before it', () => {
    const { pack, index } = packOf(blob, offsetDelta(blob.length));
    expect(() => checkPack(pack, index)).not.toThrow();
  });

  it.each([
    [
      'an offset delta whose base is no object',
      () => packOf(blob, offsetDelta(blob.length - 1)),
      'an offset delta names no object of its pack',
    ],
    [
      'an offset delta that names itself',
      () => packOf(blob, offsetDelta(0)),
      'an offset delta names itself',
    ],
    [
      'an offset delta cut short',
      () => packOf(blob, Buffer.from([0x60, 0x80])),
      'an offset delta is cut short',
    ],
    [
      'two objects at one offset',
      () => {
        const made = packOf(blob, blob);
        made.index.entries[1].offset = 12;
        return made;
      },
      'two objects share an offset',
    ],
  ])('refuses a pack with %s', (_, make, message) => {
    const { pack, index } = make();
    expect(() => checkPack(pack, index)).toThrow(message);
  });
});
