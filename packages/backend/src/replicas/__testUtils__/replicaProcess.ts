import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';

/**
 * Where the replicas keep their databases: the test PostgreSQL
 * (scripts/postgres.sh) under a prefix of this run's own, or else one SQLite
 * directory whose files both processes open.
 */
export async function sharedDatabase(): Promise<{
  config: Record<string, unknown>;
  kind: 'postgres' | 'sqlite';
  cleanup(): Promise<void>;
}> {
  const postgres = process.env.ARLON_TEST_POSTGRES;
  if (postgres) {
    const connection =
      process.env[
        `BACKSTAGE_TEST_DATABASE_${postgres.replace('_', '')}_CONNECTION_STRING`
      ];
    return {
      kind: 'postgres',
      config: {
        client: 'pg',
        connection,
        prefix: `arlon_replicas_${randomBytes(4).toString('hex')}_`,
      },
      cleanup: async () => {},
    };
  }
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'arlon-rep-db-'));
  return {
    kind: 'sqlite',
    config: { client: 'better-sqlite3', connection: { directory } },
    cleanup: () => fs.rm(directory, { recursive: true, force: true }),
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise(r => server.close(r));
  return port;
}

/** One backend replica (replicaBackend.ts) as a child process. */
export class ReplicaProcess {
  private output = '';
  private exited?: Promise<void>;

  private constructor(
    readonly name: string,
    readonly url: string,
    private readonly child: ChildProcess,
    private readonly dir: string,
  ) {
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString('utf8');
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise(r => child.once('exit', () => r()));
  }

  static async start(
    name: string,
    config: Record<string, unknown>,
  ): Promise<ReplicaProcess> {
    const port = await freePort();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), `arlon-${name}-`));
    const url = `http://127.0.0.1:${port}`;
    const file = path.join(dir, 'app-config.yaml');
    await fs.writeFile(
      file,
      stringify({
        ...config,
        app: { baseUrl: 'http://127.0.0.1:3000' },
        backend: {
          ...(config.backend as object),
          baseUrl: url,
          listen: { host: '127.0.0.1', port },
          workingDirectory: dir,
        },
      }),
    );
    const child = spawn(
      process.execPath,
      [
        '--require',
        require.resolve('@backstage/cli/config/nodeTransform.cjs'),
        path.join(__dirname, 'replicaBackend.ts'),
        '--config',
        file,
      ],
      {
        cwd: path.resolve(__dirname, '../../..'),
        // Not "test": Backstage's scheduler runs its janitor as in production.
        env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    return new ReplicaProcess(name, url, child, dir);
  }

  /** Everything it logged so far. */
  get log(): string {
    return this.output;
  }

  /** How often its log has `line`. */
  count(line: string): number {
    return this.output.split(line).length - 1;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** As a lost node or the out-of-memory killer would: no shutdown hooks run. */
  async kill() {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  async stop() {
    if (this.alive) {
      this.child.kill('SIGTERM');
      await Promise.race([
        this.exited,
        new Promise(r => setTimeout(r, 20_000).unref()),
      ]);
      if (this.alive) await this.kill();
    }
    await fs.rm(this.dir, { recursive: true, force: true });
  }
}
