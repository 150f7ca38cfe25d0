import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GitHttpServer } from '@arlon-backstage/arlon-sandbox';

const run = promisify(execFile);

/** A Bundle definition with an inline source. */
export const inlineBundle = (name: string) => `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: ${name}
spec:
  source:
    inline: {}
`;

/** A library repository served by the real `git http-backend`, edited through a working clone. */
export class LibraryRepo {
  private constructor(
    readonly root: string,
    readonly work: string,
    readonly server: GitHttpServer,
  ) {}

  static async start(): Promise<LibraryRepo> {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'library-git-'));
    const work = path.join(root, 'work');
    await run('git', [
      'init',
      '--bare',
      '-b',
      'main',
      path.join(root, 'platform.git'),
    ]);
    await run('git', ['init', '-b', 'main', work]);
    const repo = new LibraryRepo(
      root,
      work,
      await GitHttpServer.start({ projectRoot: root }),
    );
    return repo;
  }

  get url() {
    return `${this.server.url}/platform.git`;
  }

  async commit(
    files: Record<string, string | null>,
    message: string,
  ): Promise<string> {
    for (const [file, content] of Object.entries(files)) {
      const target = path.join(this.work, file);
      if (content === null) await fs.rm(target);
      else {
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, content);
      }
    }
    await this.git('add', '-A');
    await this.git(
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@example.com',
      'commit',
      '-qm',
      message,
    );
    await this.git(
      'push',
      '-q',
      path.join(this.root, 'platform.git'),
      'HEAD:main',
      '--tags',
    );
    return (await this.git('rev-parse', 'HEAD')).trim();
  }

  async git(...args: string[]): Promise<string> {
    return (await run('git', args, { cwd: this.work })).stdout;
  }

  async remoteRefs(): Promise<string> {
    return (
      await run('git', ['for-each-ref'], {
        cwd: path.join(this.root, 'platform.git'),
      })
    ).stdout;
  }

  async stop() {
    await this.server.stop();
    await fs.rm(this.root, { recursive: true, force: true });
  }
}
