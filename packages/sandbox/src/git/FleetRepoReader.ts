import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const git = promisify(execFile);

/** The files of one commit of a bare repository, read with real `git`, cached per commit. */
export class FleetRepoReader {
  private readonly cache = new Map<string, Map<string, string>>();

  constructor(private readonly bareRepo: string) {}

  /** HEAD's commit, and the refs it was resolved from (headRefs). */
  private head?: { refs: string; commit: string };

  /** Resolves a branch, tag or commit; throws when it does not exist. */
  async resolve(revision: string): Promise<string> {
    if (revision !== 'HEAD' && revision !== '') return this.revParse(revision);
    // ArgoCD looks for a new HEAD every second: a fork of this process
    // (which holds every workload API server) each time cost more than
    // anything else it did while idle. The answer only changes with the refs
    // that name it, so git is asked again only when they changed, and the
    // answer kept only if they did not change while git was asked.
    const before = await headRefs(this.bareRepo);
    if (before !== undefined && this.head?.refs === before)
      return this.head.commit;
    const commit = await this.revParse('HEAD');
    if (before !== undefined && (await headRefs(this.bareRepo)) === before)
      this.head = { refs: before, commit };
    return commit;
  }

  private async revParse(rev: string): Promise<string> {
    const { stdout } = await git('git', [
      '-C',
      this.bareRepo,
      'rev-parse',
      '--verify',
      `${rev}^{commit}`,
    ]);
    return stdout.trim();
  }

  async files(commit: string): Promise<Map<string, string>> {
    const cached = this.cache.get(commit);
    if (cached) return cached;
    const { stdout } = await git(
      'git',
      ['-C', this.bareRepo, 'ls-tree', '-r', '-z', commit],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const files = new Map<string, string>();
    const entries = stdout
      .split('\0')
      .filter(Boolean)
      .map(line => {
        const [meta, path] = line.split('\t');
        return { sha: meta.split(' ')[2], path };
      });
    // One `git cat-file --batch` for all blobs.
    const out = await catFileBatch(
      this.bareRepo,
      entries.map(e => e.sha),
    );
    entries.forEach((e, i) => files.set(e.path, out[i]));
    this.cache.set(commit, files);
    return files;
  }
}

/**
 * The content of every file `git rev-parse HEAD` reads in a bare repository
 * of the files backend: HEAD, the loose ref it names, and packed-refs.
 * Undefined (do not cache) for anything else: a detached HEAD is cached by
 * its id, but a ref naming another ref, a reftable repository (HEAD names
 * `refs/heads/.invalid`) or a HEAD that cannot be read are asked of git.
 */
async function headRefs(repo: string): Promise<string | undefined> {
  const read = (file: string) =>
    fs.readFile(join(repo, file), 'utf8').catch(error => {
      if (error?.code === 'ENOENT') return '';
      throw error;
    });
  try {
    const head = await read('HEAD');
    const symbolic = /^ref: (refs\/[^\n]+)\n?$/.exec(head);
    if (!symbolic) return /^[0-9a-f]{40}\n?$/.test(head) ? head : undefined;
    const name = symbolic[1];
    // Only git's answers are kept, so this guards what is read, not what is
    // answered: a name climbing out of refs/ is never opened here.
    if (name === 'refs/heads/.invalid' || name.split('/').includes('..'))
      return undefined;
    const loose = await read(name);
    if (loose.startsWith('ref:')) return undefined;
    return JSON.stringify([head, loose, await read('packed-refs')]);
  } catch {
    return undefined;
  }
}

function catFileBatch(repo: string, shas: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-C', repo, 'cat-file', '--batch']);
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', reject);
    child.on('close', (code: number) => {
      if (code !== 0)
        return reject(new Error(`git cat-file exited with ${code}`));
      const all = Buffer.concat(chunks);
      const result: string[] = [];
      let offset = 0;
      for (let i = 0; i < shas.length; i++) {
        const headerEnd = all.indexOf(10, offset);
        const size = Number(
          all.subarray(offset, headerEnd).toString('utf8').split(' ')[2],
        );
        result.push(
          all.subarray(headerEnd + 1, headerEnd + 1 + size).toString('utf8'),
        );
        offset = headerEnd + 1 + size + 1;
      }
      return resolve(result);
    });
    child.stdin.end(shas.map(s => `${s}\n`).join(''));
  });
}
