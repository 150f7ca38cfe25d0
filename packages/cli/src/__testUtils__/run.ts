import path from 'node:path';
import { main } from '../index';

/** The example fleet the CLI's tests read (and copy to break). */
export const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

/** Runs `arlon <argv>` in this process: its exit code and what it printed to each stream. */
export async function run(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: t => (out += t), err: t => (err += t) });
  return { code, out, err };
}
