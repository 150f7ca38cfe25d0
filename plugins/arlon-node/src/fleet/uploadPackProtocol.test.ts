import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { checkInflatedSize } from './uploadPackProtocol';

const run = promisify(execFile);

/**
 * checkInflatedSize against packs `git pack-objects` writes: deltas of both
 * kinds are walked as Git frames them (a refused real pack would silently
 * turn every fetch by id into a full fetch).
 */
describe('checkInflatedSize', () => {
  let repo: string;
  /** Two versions of a 200 kB file, one a delta of the other in a pack. */
  let oids: string[];
  const SIZE = 200_000;

  beforeAll(async () => {
    repo = await fs.mkdtemp(path.join(os.tmpdir(), 'packs-'));
    await run('git', ['init', '-q', repo]);
    // Random (so only a delta makes the pack small), 200,000 characters.
    const text = randomBytes((SIZE / 4) * 3).toString('base64');
    const first = path.join(repo, 'first');
    const second = path.join(repo, 'second');
    await fs.writeFile(first, text);
    await fs.writeFile(second, `${text.slice(0, -20)}the last one changed`);
    oids = [];
    for (const file of [first, second])
      oids.push(
        (
          await run('git', ['-C', repo, 'hash-object', '-w', file])
        ).stdout.trim(),
      );
  });
  afterAll(() => fs.rm(repo, { recursive: true, force: true }));

  const packOf = (...flags: string[]) =>
    new Promise<Buffer>((resolve, reject) => {
      const child = execFile(
        'git',
        ['-C', repo, 'pack-objects', '--stdout', ...flags],
        { encoding: 'buffer', maxBuffer: 1 << 26 },
        (error, out) => (error ? reject(error) : resolve(out)),
      );
      child.stdin!.end(`${oids.join('\n')}\n`);
    });

  it.each([
    ['ofs-deltas', ['--delta-base-offset']],
    ['ref-deltas', []],
  ])(
    'takes a real pack with %s, and counts the delta as what it makes',
    async (_, flags) => {
      const pack = await packOf(...flags);
      // Deltified: smaller than one file (random base64 deflates to 3/4).
      expect(pack.length).toBeLessThan(SIZE);
      expect(() => checkInflatedSize(pack, 3 * SIZE)).not.toThrow();
      // The two files and the delta: past two files' worth, not past three.
      expect(() => checkInflatedSize(pack, 2 * SIZE)).toThrow(
        /inflates to more than/,
      );
    },
  );

  it('refuses an object that inflates to more than its header says', async () => {
    const pack = await packOf('--delta-base-offset');
    // The first object's size (its header's low four bits) made smaller:
    // what comes is more than declared.
    const lied = Buffer.from(pack);
    lied[12] = (lied[12] & 0xf0) | ((lied[12] & 0x0f) - 1);
    expect(() => checkInflatedSize(lied, 3 * SIZE)).toThrow(
      /does not inflate to its/,
    );
  });
});
