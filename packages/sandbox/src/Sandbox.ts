import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GitHttpServer } from './git/GitHttpServer';
import { createFleetRepository } from './git/createFleetRepository';
import { KubeApiServer } from './kube/KubeApiServer';

export interface SandboxOptions {
  /** Bearer token of the management cluster's API server. */
  token: string;
  /** Folder whose files seed the fleet repository. */
  fleetSeedDir: string;
  fleetBranch?: string;
  /** Ports; 0 or absent picks free ones (what tests want). */
  apiServerPort?: number;
  gitPort?: number;
}

/** The sandbox management cluster and its fleet repository, all on loopback. */
export class Sandbox {
  private constructor(
    readonly apiServer: KubeApiServer,
    readonly gitServer: GitHttpServer,
    /** Clone URL of the fleet repository. */
    readonly fleetRepoUrl: string,
    readonly fleetBranch: string,
    private readonly workDir: string,
  ) {}

  static async start(options: SandboxOptions): Promise<Sandbox> {
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'arlon-sandbox-'));
    const fleetBranch = options.fleetBranch ?? 'main';
    const started: Array<{ stop(): Promise<void> }> = [];
    try {
      await createFleetRepository({
        projectRoot: workDir,
        name: 'fleet',
        branch: fleetBranch,
        seedDir: options.fleetSeedDir,
      });
      const gitServer = await GitHttpServer.start({
        projectRoot: workDir,
        port: options.gitPort,
      });
      started.push(gitServer);
      const apiServer = await KubeApiServer.start({
        token: options.token,
        port: options.apiServerPort,
      });
      return new Sandbox(
        apiServer,
        gitServer,
        `${gitServer.url}/fleet.git`,
        fleetBranch,
        workDir,
      );
    } catch (error) {
      await Promise.all(started.map(s => s.stop()));
      await fs.rm(workDir, { recursive: true, force: true });
      throw error;
    }
  }

  async stop(): Promise<void> {
    await Promise.all([this.apiServer.stop(), this.gitServer.stop()]);
    await fs.rm(this.workDir, { recursive: true, force: true });
  }
}
