import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const git = promisify(execFile);

/**
 * Creates `<projectRoot>/<name>.git`, a bare repository whose branch holds one
 * commit with the contents of `seedDir` (the example fleet), ready to be served.
 *
 * @public
 */
export async function createFleetRepository(options: {
  projectRoot: string;
  name: string;
  branch: string;
  seedDir: string;
}): Promise<string> {
  const bare = path.join(options.projectRoot, `${options.name}.git`);
  const work = await fs.mkdtemp(path.join(options.projectRoot, 'seed-'));
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'Arlon sandbox',
    GIT_AUTHOR_EMAIL: 'sandbox@arlon.invalid',
    GIT_COMMITTER_NAME: 'Arlon sandbox',
    GIT_COMMITTER_EMAIL: 'sandbox@arlon.invalid',
  };
  try {
    await fs.cp(options.seedDir, work, { recursive: true });
    await git('git', ['init', '-q', '-b', options.branch, work], { env });
    await git('git', ['-C', work, 'add', '-A'], { env });
    await git(
      'git',
      ['-C', work, '-c', 'gc.auto=0', 'commit', '-q', '-m', 'Seed the fleet'],
      {
        env,
      },
    );
    await git('git', ['clone', '-q', '--bare', work, bare], { env });
    await git('git', ['-C', bare, 'config', 'http.receivepack', 'true']);
    // No maintenance after a push: Git runs it detached, so it would still be
    // writing here when the sandbox stops (and removes this directory), and
    // take CPU from whatever runs beside the sandbox (a bench's figures). A
    // real Git host does it on machines of its own.
    await git('git', ['-C', bare, 'config', 'receive.autogc', 'false']);
    return bare;
  } finally {
    // No background `git gc` may still be writing here: gc.auto is off above.
    await fs.rm(work, { recursive: true, force: true, maxRetries: 3 });
  }
}
