import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  V1Secret,
} from '@kubernetes/client-node';
import { Sandbox, SandboxOptions } from '../../Sandbox';
import { kubeConfigFor } from '../../kube/kubeConfigFor';

/** Where the sandbox's ArgoCD keeps its objects, as the custom-objects client addresses them. */
export const argo = {
  group: 'argoproj.io',
  version: 'v1alpha1',
  namespace: 'argocd',
};

export interface SeededSandbox {
  sandbox: Sandbox;
  /** The management cluster's clients. */
  custom: CustomObjectsApi;
  core: CoreV1Api;
  kubeConfig: KubeConfig;
  /** Stops the sandbox and removes its seed. */
  stop(): Promise<void>;
}

/**
 * A sandbox (token `t`) whose fleet repository starts with `files` (path →
 * content), with clients of its management cluster: what the controller
 * tests start.
 */
export async function startSeededSandbox(
  files: Record<string, string>,
  options: Omit<SandboxOptions, 'token' | 'fleetSeedDir'> = {},
): Promise<SeededSandbox> {
  const seed = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-'));
  const removeSeed = () => fs.rm(seed, { recursive: true, force: true });
  try {
    for (const [file, text] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(seed, file)), { recursive: true });
      await fs.writeFile(path.join(seed, file), text);
    }
    const sandbox = await Sandbox.start({
      token: 't',
      fleetSeedDir: seed,
      ...options,
    });
    const kubeConfig = kubeConfigFor(sandbox.apiServer.url, 't');
    return {
      sandbox,
      custom: kubeConfig.makeApiClient(CustomObjectsApi),
      core: kubeConfig.makeApiClient(CoreV1Api),
      kubeConfig,
      stop: async () => {
        await sandbox.stop();
        await removeSeed();
      },
    };
  } catch (error) {
    await removeSeed();
    throw error;
  }
}

/** The workload cluster's kubeconfig from the `<cluster>-kubeconfig` Secret Cluster API writes. */
export function workloadKubeConfig(secret: V1Secret): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromString(Buffer.from(secret.data!.value, 'base64').toString('utf8'));
  return kc;
}

/** Registers a workload cluster with ArgoCD under `labels`, as the registration controller does: a cluster Secret. */
export async function registerWithArgoCd(
  core: CoreV1Api,
  name: string,
  kc: KubeConfig,
  labels: Record<string, string>,
) {
  await core.createNamespacedSecret({
    namespace: 'argocd',
    body: {
      metadata: {
        name: `cluster-${name}`,
        labels: { 'argocd.argoproj.io/secret-type': 'cluster', ...labels },
      },
      stringData: {
        name,
        server: kc.getCurrentCluster()!.server,
        config: JSON.stringify({
          bearerToken: kc.getCurrentUser()!.token,
          tlsClientConfig: { insecure: true },
        }),
      },
    },
  });
}
