import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ArgoCdController } from './controllers/ArgoCdController';
import { argocdInstallDeployments } from './controllers/argocdInstall';
import { CapiController } from './controllers/CapiController';
import { FleetRepoReader } from './git/FleetRepoReader';
import { GitHttpServer } from './git/GitHttpServer';
import { createFleetRepository } from './git/createFleetRepository';
import { sandboxCrds } from './kube/crds';
import { EventLog } from './kube/EventLog';
import { Faults } from './kube/Faults';
import { KubeApiServer } from './kube/KubeApiServer';
import { kubeconfigYaml } from './kube/kubeconfig';
import { parseAllDocuments } from 'yaml';
import { refuseProduction } from './refuseProduction';

const execFileAsync = promisify(execFile);
const git = (args: string[]) => execFileAsync('git', args);

/** @public */
export interface SandboxOptions {
  /** Bearer token of the management cluster's API server; random when absent. */
  token?: string;
  /** Folder whose files seed the fleet repository (`examples/fleet`); an empty repository when absent. */
  fleetSeedDir?: string;
  fleetBranch?: string;
  /** Basic-auth credentials the Git server demands; none when absent. */
  gitCredentials?: { username: string; password: string };
  /** Ports; 0 or absent picks free ones (what tests want). */
  apiServerPort?: number;
  gitPort?: number;
  /** Fault injection on the management cluster's API server. */
  faults?: Partial<Faults>;
  /** Time a CAPI Cluster takes from Pending to Provisioned. Default 3 s. */
  provisioningDelayMs?: number;
  /** Time to replace one control plane machine when its Kubernetes version changes. Default 1 s. */
  machineRolloutMs?: number;
  /**
   * Awaited after a CAPI Cluster's kubeconfig Secret is written and before
   * the Cluster is Provisioned; absent, both happen at once. A test holds it
   * to see a cluster that has a kubeconfig but is not Provisioned yet.
   */
  beforeProvisioned?(cluster: {
    namespace: string;
    name: string;
  }): Promise<void>;
  /**
   * Told when provisioning a CAPI Cluster failed and will be tried again;
   * absent, one line goes to stderr.
   */
  onProvisionFailure?(
    cluster: { namespace: string; name: string },
    error: unknown,
  ): void;
  /** How often simulated ArgoCD looks for new commits. Default 1 s. */
  argocdResyncMs?: number;
  /** Namespace of ArgoCD. Default `argocd`. */
  argocdNamespace?: string;
  /**
   * Apply the seed's `generated/bootstrap/arlon-fleet.yaml` at start, as an
   * operator would once: the example fleet's clusters then get built.
   */
  bootstrap?: boolean;
  /**
   * Another sandbox whose fleet repository this one's ArgoCD reads: a second
   * management cluster of the same fleet, with its own API server, CAPI and
   * ArgoCD. Absent, the sandbox serves a repository of its own.
   */
  fleetOf?: Sandbox;
}

/**
 * The sandbox management cluster and its fleet repository, all on loopback:
 * a Kubernetes API with the CAPI and ArgoCD CRDs, simulated CAPI and ArgoCD
 * controllers, one API server per provisioned workload cluster, and the fleet
 * repository over smart HTTP. A development and test tool, never a production
 * dependency.
 *
 * @public
 */
export class Sandbox {
  private constructor(
    readonly apiServer: KubeApiServer,
    readonly gitServer: GitHttpServer,
    /** Clone URL of the fleet repository. */
    readonly fleetRepoUrl: string,
    readonly fleetBranch: string,
    /** A kubeconfig for the management cluster, for kubectl and client-node. */
    readonly kubeconfigPath: string,
    readonly token: string,
    /** API servers by URL: the management cluster's and every workload cluster's. */
    readonly servers: Map<string, KubeApiServer>,
    private readonly capi: CapiController,
    private readonly argocd: ArgoCdController,
    private readonly workDir: string,
    /** Every change in the management and workload clusters, in one order (tests assert orders from it). */
    readonly events: EventLog,
    /** What its ArgoCD reads the fleet repository with (shared by a sandbox started with fleetOf). */
    private readonly fleetReader: FleetRepoReader,
  ) {}

  static async start(options: SandboxOptions = {}): Promise<Sandbox> {
    refuseProduction();
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'arlon-sandbox-'));
    const token = options.token ?? randomBytes(16).toString('hex');
    const fleetBranch = options.fleetBranch ?? 'main';
    const argocdNamespace = options.argocdNamespace ?? 'argocd';
    const started: Array<{ stop(): unknown }> = [];
    try {
      const seedDir =
        options.fleetSeedDir && (await exists(options.fleetSeedDir))
          ? options.fleetSeedDir
          : await emptySeed(workDir);
      const bare = await createFleetRepository({
        projectRoot: workDir,
        name: 'fleet',
        branch: fleetBranch,
        seedDir,
      });
      const gitServer = await GitHttpServer.start({
        projectRoot: workDir,
        port: options.gitPort,
        credentials: options.gitCredentials,
      });
      started.push(gitServer);
      const apiServer = await KubeApiServer.start({
        token,
        port: options.apiServerPort,
        faults: options.faults,
      });
      started.push(apiServer);

      const store = apiServer.store;
      const crdType = store.type(
        'apiextensions.k8s.io',
        'customresourcedefinitions',
      )!;
      for (const crd of sandboxCrds()) store.create(crdType, undefined, crd);
      const nsType = store.type('', 'namespaces')!;
      for (const ns of [argocdNamespace, 'capi-system'])
        store.create(nsType, undefined, { metadata: { name: ns } });
      store.create(store.type('argoproj.io', 'appprojects')!, argocdNamespace, {
        metadata: { name: 'default' },
        spec: {
          sourceRepos: ['*'],
          destinations: [{ server: '*', namespace: '*' }],
          clusterResourceWhitelist: [{ group: '*', kind: '*' }],
        },
      });
      // What tells ArgoCD's version on a real cluster (arlon bootstrap reads it).
      const deployments = store.type('apps', 'deployments')!;
      for (const d of argocdInstallDeployments())
        store.create(deployments, argocdNamespace, d);

      const servers = new Map<string, KubeApiServer>([
        [apiServer.url, apiServer],
      ]);
      const events = new EventLog();
      store.observe(e => events.record('management', e));
      const capi = new CapiController(store, {
        provisioningDelayMs: options.provisioningDelayMs ?? 3000,
        machineRolloutMs: options.machineRolloutMs,
        beforeProvisioned: options.beforeProvisioned,
        onProvisionFailure:
          options.onProvisionFailure ??
          (({ namespace, name }, error) =>
            process.stderr.write(
              `sandbox: provisioning ${namespace}/${name} failed, retrying: ${
                error instanceof Error ? error.message : String(error)
              }\n`,
            )),
        onWorkloadServer: (url, server, cluster) => {
          if (server) {
            servers.set(url, server);
            server.store.observe(e => events.record(cluster, e));
          } else {
            servers.delete(url);
            events.tornDown(cluster);
          }
        },
      });
      started.push(capi);
      const shared = options.fleetOf;
      const fleetRepoUrl = shared?.fleetRepoUrl ?? `${gitServer.url}/fleet.git`;
      const fleetReader = shared?.fleetReader ?? new FleetRepoReader(bare);
      const argocd = new ArgoCdController({
        namespace: argocdNamespace,
        fleetRepoUrl,
        reader: fleetReader,
        management: apiServer,
        servers,
        resyncMs: options.argocdResyncMs ?? 1000,
        onRefused: (kind, name, error) =>
          events.refused(
            'management',
            kind,
            name,
            error instanceof Error ? error.message : String(error),
          ),
      });
      started.push(argocd);
      capi.start();
      argocd.start();
      if (options.bootstrap && options.fleetSeedDir) {
        const file = path.join(
          options.fleetSeedDir,
          'generated',
          'bootstrap',
          'arlon-fleet.yaml',
        );
        if (await exists(path.dirname(file))) {
          const apps = store.type('argoproj.io', 'applications')!;
          for (const doc of parseAllDocuments(await fs.readFile(file, 'utf8')))
            store.create(apps, argocdNamespace, doc.toJS());
        }
      }

      const kubeconfigPath = path.join(workDir, 'kubeconfig');
      await fs.writeFile(
        kubeconfigPath,
        kubeconfigYaml('arlon-sandbox', apiServer.url, token, apiServer.caData),
        { mode: 0o600 },
      );
      return new Sandbox(
        apiServer,
        gitServer,
        fleetRepoUrl,
        shared?.fleetBranch ?? fleetBranch,
        kubeconfigPath,
        token,
        servers,
        capi,
        argocd,
        workDir,
        events,
        fleetReader,
      );
    } catch (error) {
      for (const s of started.reverse()) await s.stop();
      await fs.rm(workDir, { recursive: true, force: true });
      throw error;
    }
  }

  /**
   * Pushes a commit to the fleet repository as a person would (clone, edit,
   * commit, push over smart HTTP): files to write, or `null` to delete.
   */
  async pushToFleet(
    changes: Record<string, string | null>,
    message: string,
  ): Promise<void> {
    const clone = await fs.mkdtemp(path.join(this.workDir, 'push-'));
    try {
      await git([
        'clone',
        '-q',
        '--depth',
        '1',
        '-b',
        this.fleetBranch,
        this.fleetRepoUrl,
        clone,
      ]);
      for (const [file, content] of Object.entries(changes)) {
        const target = path.join(clone, file);
        if (content === null) await fs.rm(target, { force: true });
        else {
          await fs.mkdir(path.dirname(target), { recursive: true });
          await fs.writeFile(target, content);
        }
      }
      await git(['-C', clone, 'add', '-A']);
      await git([
        '-C',
        clone,
        '-c',
        'user.name=Sandbox user',
        '-c',
        'user.email=user@arlon.invalid',
        'commit',
        '-qm',
        message,
      ]);
      await git(['-C', clone, 'push', '-q', 'origin', this.fleetBranch]);
    } finally {
      await fs.rm(clone, { recursive: true, force: true });
    }
  }

  /** Resolves when simulated ArgoCD has nothing left to do. */
  /** The `arlon` configuration a portal (or a test backend) needs to use this sandbox. */
  arlonConfig() {
    return {
      fleetRepo: { url: this.fleetRepoUrl, branch: this.fleetBranch },
      managementClusters: [
        {
          name: 'sandbox',
          url: this.apiServer.url,
          serviceAccountToken: this.token,
          // The sandbox's certificate is self-signed.
          skipTLSVerify: true,
        },
      ],
      // Its workload clusters listen on loopback, which the portal refuses unless allowed.
      security: { allowedNetworks: ['127.0.0.1/32'] },
    };
  }

  settled(): Promise<void> {
    return this.argocd.idle();
  }

  async stop(): Promise<void> {
    this.argocd.stop();
    await this.capi.stop();
    await Promise.all([this.apiServer.stop(), this.gitServer.stop()]);
    // Retried: a Git process the server started may still be finishing.
    await fs.rm(this.workDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

/**
 * Starts a sandbox; the handle's `stop()` tears everything down.
 *
 * @public
 */
export function startSandbox(options?: SandboxOptions): Promise<Sandbox> {
  return Sandbox.start(options);
}

async function exists(dir: string) {
  return fs.stat(dir).then(
    s => s.isDirectory(),
    () => false,
  );
}

async function emptySeed(workDir: string): Promise<string> {
  const dir = path.join(workDir, 'empty-seed');
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'README.md'), '# Fleet repository\n');
  return dir;
}
