import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

const git = promisify(execFile);

/** The files of one commit of a bare repository, read with real `git`, cached per commit. */
export class FleetRepoReader {
  private readonly cache = new Map<string, Map<string, string>>();

  constructor(private readonly bareRepo: string) {}

  /** Resolves a branch, tag or commit; throws when it does not exist. */
  async resolve(revision: string): Promise<string> {
    const rev = revision === 'HEAD' || revision === '' ? 'HEAD' : revision;
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
