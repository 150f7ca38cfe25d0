import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CustomObjectsApi, KubeConfig } from '@kubernetes/client-node';
import { Sandbox, kubeConfigFor } from '@arlon-backstage/arlon-sandbox';
import { EXAMPLE, run } from './run';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise(resolve => server.close(resolve));
  return port;
}

/** A sandbox management cluster not bootstrapped, and a copy of the example fleet generated for its Git server's URL. */
export interface BootstrapFixture {
  sandbox: Sandbox;
  fleetDir: string;
  kc: KubeConfig;
  custom: CustomObjectsApi;
  stop(): Promise<void>;
}

/**
 * Starts a sandbox whose fleet repository is the example fleet regenerated
 * for the sandbox's own Git URL (so its simulated ArgoCD syncs what
 * bootstrap points it at), with KUBECONFIG naming it as context
 * `arlon-sandbox`. Nothing is applied to it yet.
 */
export async function startBootstrapFixture(): Promise<BootstrapFixture> {
  const fleetDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bootstrap-fleet-'));
  await fs.cp(EXAMPLE, fleetDir, { recursive: true });
  const port = await freePort();
  const regenerated = await run(
    'regenerate',
    fleetDir,
    '--repo-url',
    `http://127.0.0.1:${port}/fleet.git`,
  );
  if (regenerated.code !== 0) throw new Error(regenerated.err);
  const sandbox = await Sandbox.start({
    fleetSeedDir: fleetDir,
    gitPort: port,
    provisioningDelayMs: 200,
    argocdResyncMs: 200,
  });
  const saved = process.env.KUBECONFIG;
  const savedRepoUrl = process.env.ARLON_REPO_URL;
  process.env.KUBECONFIG = sandbox.kubeconfigPath;
  // The repository the user's token is for, as they would pin it.
  process.env.ARLON_REPO_URL = `http://127.0.0.1:${port}/fleet.git`;
  const kc = kubeConfigFor(
    sandbox.apiServer.url,
    sandbox.token,
    sandbox.apiServer.caData,
  );
  return {
    sandbox,
    fleetDir,
    kc,
    custom: kc.makeApiClient(CustomObjectsApi),
    async stop() {
      process.env.KUBECONFIG = saved;
      if (savedRepoUrl === undefined) delete process.env.ARLON_REPO_URL;
      else process.env.ARLON_REPO_URL = savedRepoUrl;
      await sandbox.stop();
      await fs.rm(fleetDir, { recursive: true, force: true });
    },
  };
}

/** Runs `arlon bootstrap` with repository credentials in the environment, as a user would set them. */
export async function runWithToken(
  token: string | undefined,
  ...argv: string[]
) {
  const saved = process.env.ARLON_REPO_TOKEN;
  if (token === undefined) delete process.env.ARLON_REPO_TOKEN;
  else process.env.ARLON_REPO_TOKEN = token;
  try {
    return await run(...argv);
  } finally {
    if (saved === undefined) delete process.env.ARLON_REPO_TOKEN;
    else process.env.ARLON_REPO_TOKEN = saved;
  }
}
