/**
 * Registration latency: N CAPI clusters provisioned at once in the sandbox;
 * for each, the time from its kubeconfig Secret appearing to its ArgoCD
 * cluster Secret appearing. Baseline in the same run: one cluster alone.
 * Targets: p50 < 1 s, p99 < 3 s at 100 clusters. Run: `yarn bench:registration [n]`.
 */
import os from 'node:os';
import { CustomObjectsApi } from '@kubernetes/client-node';
import type { LoggerService } from '@backstage/backend-plugin-api';
import { Sandbox, kubeConfigFor } from '@internal/arlon-sandbox';
import { ManagementCluster } from '@internal/backstage-plugin-arlon-node';
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

async function measure(count: number, prefix: string): Promise<number[]> {
  const sandbox = await Sandbox.start({ provisioningDelayMs: 500 });
  const store = sandbox.apiServer.store;
  const kubeconfigAt = new Map<string, number>();
  const registeredAt = new Map<string, number>();
  store.watch(
    {
      typeKey: '/secrets',
      labels: [],
      fields: [],
      send: e => {
        if (e.type !== 'ADDED') return;
        const name: string = e.object.metadata.name;
        if (name.endsWith('-kubeconfig'))
          kubeconfigAt.set(
            name.slice(0, -'-kubeconfig'.length),
            performance.now(),
          );
        if (
          e.object.metadata.namespace === 'argocd' &&
          name.startsWith('cluster-')
        )
          registeredAt.set(name.slice('cluster-'.length), performance.now());
      },
    },
    undefined,
  );
  const controller = new RegistrationController({
    cluster: new ManagementCluster(
      {
        name: 'sandbox',
        url: sandbox.apiServer.url,
        serviceAccountToken: sandbox.token,
        skipTLSVerify: true,
        argocdNamespace: 'argocd',
      },
      0,
    ),
    logger: quietLogger,
    profileLabels: async () => ({ 'profile.arlon.io/infrastructure': 'true' }),
    concurrency: Number(process.env.CONCURRENCY ?? 16),
  });
  await controller.start();
  const custom = kubeConfigFor(
    sandbox.apiServer.url,
    sandbox.token,
    sandbox.apiServer.caData,
  ).makeApiClient(CustomObjectsApi);
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
  await controller.stop();
  await sandbox.stop();
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
    `registration bench: ${N} clusters at once, node ${process.version}, ${
      os.cpus().length
    } cores`,
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
