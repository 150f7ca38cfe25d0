/**
 * Registration latency: N CAPI clusters provisioned at once; for each, the
 * time from its kubeconfig Secret appearing to its ArgoCD cluster Secret
 * appearing. The sandbox runs in its own process, as a management cluster
 * would run elsewhere; the controller runs here. Baseline in the same run:
 * one cluster alone. Targets at 100 clusters: p50 < 1 s, p99 < 3 s.
 * Run: `yarn bench:registration [n]`.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { CustomObjectsApi, KubeConfig, Watch } from '@kubernetes/client-node';
import type { LoggerService } from '@backstage/backend-plugin-api';
import {
  DEFAULT_ARGOCD_CLUSTER_ROLE_RULES,
  ManagementCluster,
  workloadAccess,
} from '@arlon-backstage/plugin-arlon-node';
import { RegistrationController } from '../plugins/arlon-backend/src/registration/RegistrationController';

const N = Number(process.argv[2] ?? 100);

/** Warnings (retries) still show; the rest is noise at this scale. */
const quietLogger: LoggerService = {
  error: (m: string) => console.error(m),
  warn: (m: string) => console.warn(m),
  info: () => {},
  debug: () => {},
  child: () => quietLogger,
};

/** Starts `yarn sandbox` in a child process; resolves with its kubeconfig once it is ready. */
function startSandboxProcess(): Promise<{ kc: KubeConfig; stop(): void }> {
  const child = spawn(
    process.execPath,
    [
      path.resolve('packages/sandbox/bin/arlon-sandbox'),
      '--provisioning-ms',
      '500',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', chunk => {
      out += chunk;
      const m = /kubeconfig:\s+(\S+)/.exec(out);
      if (m) {
        const kc = new KubeConfig();
        kc.loadFromFile(m[1]);
        resolve({ kc, stop: () => child.kill('SIGTERM') });
      }
    });
    child.on('exit', code => reject(new Error(`sandbox exited with ${code}`)));
  });
}

async function measure(count: number, prefix: string): Promise<number[]> {
  const sandbox = await startSandboxProcess();
  const kubeconfigAt = new Map<string, number>();
  const registeredAt = new Map<string, number>();
  const watch = await new Watch(sandbox.kc).watch(
    '/api/v1/secrets',
    {},
    (type, secret) => {
      if (type !== 'ADDED') return;
      const name: string = secret.metadata.name;
      if (name.endsWith('-kubeconfig'))
        kubeconfigAt.set(
          name.slice(0, -'-kubeconfig'.length),
          performance.now(),
        );
      if (secret.metadata.namespace === 'argocd' && name.startsWith('cluster-'))
        registeredAt.set(name.slice('cluster-'.length), performance.now());
    },
    () => {},
  );
  const cluster = sandbox.kc.getCurrentCluster()!;
  const controller = new RegistrationController({
    cluster: new ManagementCluster(
      {
        name: 'sandbox',
        url: cluster.server,
        serviceAccountToken: sandbox.kc.getCurrentUser()!.token,
        caData: cluster.caData,
        skipTLSVerify: false,
        argocdNamespace: 'argocd',
      },
      0,
      // The sandbox's workload clusters are on loopback: allowed explicitly.
      workloadAccess({
        allowedNetworks: ['127.0.0.1/32'],
        deniedNetworks: [],
        portalPorts: [7007],
        argocdClusterRoleRules: DEFAULT_ARGOCD_CLUSTER_ROLE_RULES,
      }),
    ),
    logger: quietLogger,
    profileLabels: async () => ({ 'profile.arlon.io/infrastructure': 'true' }),
  });
  await controller.start();
  const custom = sandbox.kc.makeApiClient(CustomObjectsApi);
  const names = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  await Promise.all(
    names.map(name =>
      custom.createNamespacedCustomObject({
        group: 'cluster.x-k8s.io',
        version: 'v1beta1',
        plural: 'clusters',
        namespace: 'default',
        body: {
          apiVersion: 'cluster.x-k8s.io/v1beta1',
          kind: 'Cluster',
          metadata: { name },
          spec: {},
        },
      }),
    ),
  );
  const deadline = Date.now() + 120_000;
  while (registeredAt.size < count && Date.now() < deadline)
    await new Promise(r => setTimeout(r, 50));
  watch.abort();
  await controller.stop();
  sandbox.stop();
  if (registeredAt.size < count)
    throw new Error(
      `only ${registeredAt.size} of ${count} clusters registered within 120 s`,
    );
  return names
    .map(n => registeredAt.get(n)! - kubeconfigAt.get(n)!)
    .sort((a, b) => a - b);
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  console.log(
    `registration bench: ${N} clusters at once, sandbox in its own process, node ${
      process.version
    }, ${os.cpus().length} cores`,
  );
  const alone = await measure(1, 'alone');
  const many = await measure(N, 'many');
  console.log(`baseline, one cluster alone:   ${alone[0].toFixed(0)} ms`);
  console.log(
    `${N} clusters at once:          p50 ${pct(many, 50).toFixed(
      0,
    )} ms   p99 ${pct(many, 99).toFixed(0)} ms   max ${many[
      many.length - 1
    ].toFixed(0)} ms`,
  );
  console.log(
    `p50 / baseline: ${(pct(many, 50) / alone[0]).toFixed(
      1,
    )}x   targets: p50 < 1000 ms, p99 < 3000 ms (Arlon polls every 10 s)`,
  );
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
