import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LoggedCommit {
  commit: string;
  author: string;
  message: string;
}

/** The branch's history as Git itself reports it, newest first. */
export async function gitLog(
  url: string,
  branch = 'main',
): Promise<LoggedCommit[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'log-'));
  try {
    await run('git', ['clone', '-q', '--bare', '-b', branch, url, dir]);
    const { stdout } = await run('git', [
      '-C',
      dir,
      'log',
      '--format=%H%x1f%an%x1f%B%x1e',
      branch,
    ]);
    return stdout
      .split('\x1e')
      .map(s => s.trim())
      .filter(Boolean)
      .map(entry => {
        const [commit, author, message] = entry.split('\x1f');
        return { commit, author, message };
      });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export function recordingLogger() {
  const lines: string[] = [];
  return {
    lines,
    info: (m: string) => void lines.push(`info ${m}`),
    warn: (m: string) => void lines.push(`warn ${m}`),
    error: (m: string) => void lines.push(`error ${m}`),
  };
}

/** Pushes a commit as a person would: clone, write (or delete, with null), commit, push. */
export async function pushByHand(
  url: string,
  changes: Record<string, string | null>,
  message: string,
  branch = 'main',
): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hand-'));
  try {
    await run('git', ['clone', '-q', '-b', branch, url, dir]);
    for (const [file, content] of Object.entries(changes)) {
      const target = path.join(dir, file);
      if (content === null) await fs.rm(target, { force: true });
      else {
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, content);
      }
    }
    await run('git', ['-C', dir, 'add', '-A']);
    await run('git', [
      '-C',
      dir,
      '-c',
      'user.name=Jane Platform',
      '-c',
      'user.email=jane@example.com',
      'commit',
      '-qm',
      message,
    ]);
    await run('git', ['-C', dir, 'push', '-q', 'origin', branch]);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Merges `from` into `into` as a host's fast-forward merge button would. */
export async function mergeBranch(url: string, from: string, into = 'main') {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'merge-'));
  try {
    await run('git', ['clone', '-q', '-b', into, url, dir]);
    await run('git', ['-C', dir, 'fetch', '-q', 'origin', from]);
    await run('git', ['-C', dir, 'merge', '-q', '--ff-only', 'FETCH_HEAD']);
    await run('git', ['-C', dir, 'push', '-q', 'origin', into]);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Only the generated tree of a fleet's files, to compare before and after. */
export function generatedOf(
  files: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(files).filter(([file]) => file.startsWith('generated/')),
  );
}
