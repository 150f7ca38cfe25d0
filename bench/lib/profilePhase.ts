import fs from 'node:fs/promises';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

/**
 * Runs `work` under V8's CPU profiler when BENCH_PROFILE_DIR is set, and
 * writes `<dir>/<name>.cpuprofile`: the profile of one phase of a bench,
 * without the set-up around it that `--cpu-prof` would mix in.
 */
export async function profilePhase<T>(
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(
      path.join(dir, `${name}.cpuprofile`),
      JSON.stringify(profile),
    );
  }
}
