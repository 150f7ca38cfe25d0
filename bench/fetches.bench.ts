/**
 * A long-lived portal's fetches. Each commit pushed elsewhere (another
 * replica, a person, a merged pull request) is fetched by its id, which
 * leaves one pack in the checkout, and isomorphic-git looks for every object
 * it reads in every pack. Two checkouts of one fleet repository fetch the
 * same commits in turn: the portal's, whose small packs are merged past
 * MOST_PACKS (consolidatePacks), and a baseline in the same run that never
 * merges them (as before). Every 100 commits it prints each one's packs and
 * the median of its last 100 fetches.
 * Run: `yarn bench:fetches [commits=500] [files=2000]`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { GitHttpServer } from '@arlon-backstage/arlon-sandbox';
import { seededFleet } from '../plugins/arlon-node/src/fleet/__testUtils__/seededFleet';
import { FleetCheckout } from '../plugins/arlon-node/src/fleet/FleetCheckout';

const run = promisify(execFile);
const COMMITS = Number(process.argv[2] ?? 500);
const FILES = Number(process.argv[3] ?? 2000);

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  console.log(
    `fetches bench: ${COMMITS} commits fetched one by one, fleet of ${FILES} files, node ${
      process.version
    }, ${os.cpus().length} cores`,
  );
  const files: Record<string, string> = {};
  for (let i = 0; i < FILES; i++)
    files[`arlon/clusters/c-${i}.yaml`] = `name: c-${i}\n`;
  const root = await seededFleet(files);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'fetches-work-'));
  const dirs: string[] = [];
  const server = await GitHttpServer.start({ projectRoot: root });
  try {
    await run('git', ['clone', '-q', path.join(root, 'fleet.git'), work]);
    const git = (...args: string[]) =>
      run('git', [
        '-C',
        work,
        '-c',
        'user.name=Bench',
        '-c',
        'user.email=bench@arlon.invalid',
        ...args,
      ]);
    const checkout = async (merging: boolean) => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fetches-'));
      dirs.push(dir);
      const c = new FleetCheckout(
        dir,
        `${server.url}/fleet.git`,
        'main',
        async () => undefined,
      );
      // The baseline: packs left as they come, as before consolidatePacks.
      if (!merging) (c as any).mergePacks = async () => undefined;
      await c.fetchHead();
      const packs = async () =>
        (await fs.readdir(path.join(dir, '.git', 'objects', 'pack'))).filter(
          f => f.endsWith('.idx'),
        ).length;
      return { c, packs, times: [] as number[] };
    };
    const portal = await checkout(true);
    const baseline = await checkout(false);
    for (let i = 1; i <= COMMITS; i++) {
      const n = i % FILES;
      await fs.writeFile(
        path.join(work, `arlon/clusters/c-${n}.yaml`),
        `name: c-${n}\nversion: ${i}\n`,
      );
      await git('commit', '-qam', `change ${i}`);
      await git('push', '-q', 'origin', 'main');
      const head = (await git('rev-parse', 'HEAD')).stdout.trim();
      // In turn, the first one alternating, so neither gets the quieter slot.
      const order = i % 2 ? [portal, baseline] : [baseline, portal];
      for (const one of order) {
        const start = performance.now();
        const snapshot = await one.c.fetchHead(head);
        one.times.push(performance.now() - start);
        if (snapshot.commit !== head) throw new Error('fetched another head');
      }
      if (i % 100 === 0)
        console.log(
          `after ${String(i).padStart(5)} commits   portal ${String(
            await portal.packs(),
          ).padStart(4)} packs, median ${median(
            portal.times.slice(-100),
          ).toFixed(0)} ms   baseline (never merged) ${String(
            await baseline.packs(),
          ).padStart(4)} packs, median ${median(
            baseline.times.slice(-100),
          ).toFixed(0)} ms`,
        );
    }
  } finally {
    await server.stop();
    await Promise.all(
      [root, work, ...dirs].map(d =>
        fs.rm(d, { recursive: true, force: true }),
      ),
    );
  }
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
