/**
 * The portal backend (packages/backend, as `yarn start` runs it, sandbox
 * embedded): time from process start to its first `/api/arlon/clusters`
 * answer listing the sandbox fleet, beside the same backend without the
 * Arlon plugins (ARLON_PLUGINS=off) measured in the same run: readiness and
 * first catalog answer for both, peak RSS for both.
 *
 * With a cluster count (`yarn bench:portal 10000`) it then measures memory
 * at fleet scale: the sandbox in its own process holds that many cluster
 * definitions in the fleet repository, CAPI Clusters and ArgoCD cluster
 * Secrets; the backend (sandbox off) lists, watches and catalogs them all;
 * reported: its peak RSS (VmHWM), beside the same backend's at the example
 * fleet. Run: `yarn bench:portal [clusters]`.
 */
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import { processCpuMs } from './lib/processCpu';
import { startSandboxProcess } from './lib/sandboxProcess';

const CLUSTERS = Number(process.argv[2] ?? 0);
const BACKEND_DIR = path.resolve('packages/backend');
/**
 * How long the memory run waits, from the backend's start, for every cluster
 * to be listed and catalogued; past it, how far it got is reported.
 */
const SCALE_WAIT_MS = Number(process.env.PORTAL_SCALE_WAIT_MS ?? 600_000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Peak and current resident memory of a process, in MB, and the CPU it used, in s (Linux). */
async function memoryOf(pid: number) {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) =>
    Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return {
    peakMb: kb('VmHWM') / 1024,
    rssMb: kb('VmRSS') / 1024,
    cpuS: (processCpuMs(pid) ?? NaN) / 1000,
  };
}

interface Backend {
  child: ChildProcess;
  url: string;
  startedAt: number;
  stop(): Promise<void>;
}

/** Starts packages/backend from its sources, as `backstage-cli package start` does, with `config` over app-config.yaml. */
async function startBackend(
  config: string,
  env: Record<string, string>,
): Promise<Backend> {
  const port = await freePort();
  const file = path.join(
    await fs.mkdtemp(path.join(os.tmpdir(), 'portal-')),
    'app-config.bench.yaml',
  );
  await fs.writeFile(
    file,
    `backend:\n  baseUrl: http://localhost:${port}\n  listen:\n    port: ${port}\n${config}`,
  );
  const startedAt = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--require',
      path.resolve(__dirname, 'lib/thisCheckout.cjs'),
      '--require',
      '@backstage/cli-node/config/nodeTransform.cjs',
      'src/index.ts',
      '--config',
      '../../app-config.yaml',
      '--config',
      file,
    ],
    {
      cwd: BACKEND_DIR,
      env: { ...process.env, NODE_ENV: 'development', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', chunk => {
    stderr = (stderr + chunk).slice(-4000);
  });
  child.on('exit', code => {
    if (code) console.error(`backend exited with ${code}:\n${stderr}`);
  });
  return {
    child,
    url: `http://localhost:${port}`,
    startedAt,
    stop: () =>
      new Promise<void>(resolve => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
}

/** Polls `probe` every 50 ms until it answers a value; ms since the backend started. */
async function firstAnswer<T>(
  backend: Backend,
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 300_000,
): Promise<{ ms: number; value: T }> {
  const deadline = Date.now() + timeoutMs;
  // At least one probe, even with no time left: a partial report still reads how far it got.
  for (;;) {
    if (backend.child.exitCode !== null)
      throw new Error(`the backend exited before ${what}`);
    const value = await probe().catch(() => undefined);
    if (value !== undefined)
      return { ms: performance.now() - backend.startedAt, value };
    if (Date.now() >= deadline) break;
    await new Promise(r => setTimeout(r, 50));
  }
  throw new Error(`no ${what} within ${timeoutMs / 1000} s`);
}

const ready = (b: Backend) =>
  firstAnswer(
    b,
    async () =>
      (await fetch(`${b.url}/.backstage/health/v1/readiness`)).ok || undefined,
    'readiness',
  );

/** A guest's token (app-config.yaml's development sign-in). */
const guestToken = (b: Backend) =>
  firstAnswer(
    b,
    async () => {
      const res = await fetch(
        `${b.url}/api/auth/guest/refresh?env=development`,
        {
          headers: { 'x-requested-with': 'XMLHttpRequest' },
        },
      );
      if (!res.ok) return undefined;
      return (await res.json()).backstageIdentity?.token as string | undefined;
    },
    'guest token',
  );

/** The first answer of `path` that `accept` takes, as the guest. */
const firstJson = (
  b: Backend,
  token: string,
  apiPath: string,
  accept: (body: any) => boolean,
  timeoutMs?: number,
) =>
  firstAnswer(
    b,
    async () => {
      const res = await fetch(`${b.url}${apiPath}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok) return undefined;
      const body = await res.json();
      return accept(body) ? body : undefined;
    },
    `answer from ${apiPath}`,
    timeoutMs,
  );

/** Ports of its own for the embedded sandbox: other portals may run on this machine. */
async function embeddedSandboxConfig() {
  const [api, git] = [await freePort(), await freePort()];
  return `arlon:\n  sandbox:\n    apiServerPort: ${api}\n    gitPort: ${git}\n  fleetRepo:\n    url: http://127.0.0.1:${git}/fleet.git\n  managementClusters:\n    - name: sandbox\n      url: https://127.0.0.1:${api}\n      serviceAccountToken: sandbox-token\n      skipTLSVerify: true\n      argocdNamespace: argocd\n`;
}

/** Without Arlon's module the Kubernetes plugin needs a cluster locator of its own: none. */
const WITHOUT_ARLON_CONFIG =
  'kubernetes:\n  clusterLocatorMethods:\n    - type: config\n      clusters: []\n';

async function startUp(withArlon: boolean) {
  const backend = await startBackend(
    withArlon ? await embeddedSandboxConfig() : WITHOUT_ARLON_CONFIG,
    withArlon ? {} : { ARLON_PLUGINS: 'off' },
  );
  try {
    const readiness = await ready(backend);
    const { value: token } = await guestToken(backend);
    const catalog = await firstJson(
      backend,
      token,
      '/api/catalog/entities?limit=1',
      () => true,
    );
    const clusters = withArlon
      ? await firstJson(
          backend,
          token,
          '/api/arlon/clusters',
          body => body.items?.length > 0,
        )
      : undefined;
    return {
      readyMs: readiness.ms,
      catalogMs: catalog.ms,
      clustersMs: clusters?.ms,
      clusterCount: clusters?.value.items.length,
      memory: await memoryOf(backend.child.pid!),
    };
  } finally {
    await backend.stop();
  }
}

/** The example fleet plus `count` clusters, as a seed folder. */
async function fleetSeed(count: number): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-seed-'));
  await fs.cp(path.resolve('examples/fleet'), dir, { recursive: true });
  for (let i = 0; i < count; i += 500)
    await Promise.all(
      Array.from({ length: Math.min(500, count - i) }, (_, j) =>
        fs.writeFile(
          path.join(dir, 'arlon/clusters', `c-${i + j}.yaml`),
          `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: c-${
            i + j
          }\n  labels:\n    env: e${
            (i + j) % 3
          }\nspec:\n  clusterSpec: docker-dev\n  profiles: [infrastructure]\n`,
        ),
      ),
    );
  return dir;
}

/**
 * Memory with `count` clusters live: definitions in Git, CAPI Clusters (held
 * Provisioning: no workload servers) and ArgoCD cluster Secrets in a sandbox
 * of its own process, so the backend's RSS is the backend's alone.
 */
async function atScale(count: number) {
  const seed = await fleetSeed(count);
  const sandbox = await startSandboxProcess({
    seed,
    provisioningMs: 24 * 3600_000,
  });
  try {
    const custom = sandbox.kc.makeApiClient(CustomObjectsApi);
    const core = sandbox.kc.makeApiClient(CoreV1Api);
    let next = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < count) {
          const name = `c-${next++}`;
          await custom.createNamespacedCustomObject({
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
          });
          await core.createNamespacedSecret({
            namespace: 'argocd',
            body: {
              metadata: {
                name: `cluster-${name}`,
                labels: {
                  'argocd.argoproj.io/secret-type': 'cluster',
                  'arlon.io/cluster': name,
                  'profile.arlon.io/infrastructure': 'true',
                },
                annotations: { 'arlon.io/capi-cluster': `default/${name}` },
              },
              stringData: {
                name,
                server: `https://10.0.${Math.floor(next / 250)}.${
                  next % 250
                }:6443`,
                config: JSON.stringify({
                  bearerToken: 'bench',
                  tlsClientConfig: { insecure: false },
                }),
              },
            },
          });
        }
      }),
    );
    const current = sandbox.kc.getCurrentCluster()!;
    const backend = await startBackend(
      `arlon:\n  sandbox:\n    enabled: false\n  fleetRepo:\n    url: ${
        sandbox.fleetRepoUrl
      }\n  managementClusters:\n    - name: sandbox\n      url: ${
        current.server
      }\n      serviceAccountToken: ${
        sandbox.kc.getCurrentUser()!.token
      }\n      caData: ${
        current.caData
      }\n      skipTLSVerify: false\n      argocdNamespace: argocd\n`,
      {},
    );
    // Whatever is reached within SCALE_WAIT_MS is reported: a size that
    // does not complete still gives its peak RSS and how far it got.
    const deadline = backend.startedAt + SCALE_WAIT_MS;
    const left = () => Math.max(0, deadline - performance.now());
    let listedCount = 0;
    let catalogued = 0;
    let listedMs: number | undefined;
    let cataloguedMs: number | undefined;
    try {
      await ready(backend);
      const { value: token } = await guestToken(backend);
      // Every cluster the fleet holds: the bench's and the example fleet's.
      const listed = await firstJson(
        backend,
        token,
        '/api/arlon/clusters',
        body => (listedCount = body.items?.length ?? 0) >= count,
        left(),
      ).catch(() => undefined);
      listedMs = listed?.ms;
      // The catalog holds them too (its processing loop may still be at it
      // when the time is up: then how far it got is reported instead).
      // Probed even when the listing did not finish: how many it had then.
      cataloguedMs = (
        await firstJson(
          backend,
          token,
          `/api/catalog/entities/by-query?filter=spec.type=kubernetes-cluster&limit=1`,
          body =>
            (catalogued = body.totalItems ?? 0) >= listedCount && !!listed,
          left(),
        ).catch(() => undefined)
      )?.ms;
      return {
        listedMs,
        listedCount,
        stoppedMs: performance.now() - backend.startedAt,
        cataloguedMs,
        catalogued,
        memory: await memoryOf(backend.child.pid!),
      };
    } finally {
      await backend.stop();
    }
  } finally {
    sandbox.stop();
    await fs.rm(seed, { recursive: true, force: true });
  }
}

const mb = (n: number) => `${n.toFixed(0)} MB`;

async function main() {
  console.log(
    `portal bench: packages/backend from source, node ${process.version}, ${
      os.cpus().length
    } cores`,
  );
  // Unmeasured: the first start transpiles the sources (cached after), which
  // would otherwise count against whichever backend starts first.
  await startUp(true);
  const without = await startUp(false);
  const withArlon = await startUp(true);
  console.log(
    `baseline, without Arlon:  ready ${without.readyMs.toFixed(
      0,
    )} ms, first catalog answer ${without.catalogMs.toFixed(
      0,
    )} ms, peak RSS ${mb(
      without.memory.peakMb,
    )}, CPU ${without.memory.cpuS.toFixed(1)} s`,
  );
  console.log(
    `with Arlon (sandbox embedded): ready ${withArlon.readyMs.toFixed(
      0,
    )} ms, first catalog answer ${withArlon.catalogMs.toFixed(
      0,
    )} ms, first /api/arlon/clusters answer ${withArlon.clustersMs!.toFixed(
      0,
    )} ms (${withArlon.clusterCount} clusters), peak RSS ${mb(
      withArlon.memory.peakMb,
    )}, CPU ${withArlon.memory.cpuS.toFixed(1)} s`,
  );
  console.log(
    `ratio, ready: ${(withArlon.readyMs / without.readyMs).toFixed(2)}x`,
  );
  if (CLUSTERS > 0) {
    const scale = await atScale(CLUSTERS);
    const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `${CLUSTERS} clusters live (sandbox in its own process): ${
        scale.listedMs !== undefined
          ? `all ${
              scale.listedCount
            } listed by /api/arlon/clusters after ${secs(scale.listedMs)}`
          : `only ${
              scale.listedCount
            } listed by /api/arlon/clusters after ${secs(
              scale.stoppedMs,
            )} (stopped there)`
      }, ${
        scale.cataloguedMs !== undefined
          ? `all in the catalog after ${secs(scale.cataloguedMs)} (${secs(
              scale.cataloguedMs - scale.listedMs!,
            )} after listing)`
          : `${scale.catalogued} in the catalog when stopped at ${secs(
              scale.stoppedMs,
            )}`
      }; backend peak RSS ${mb(scale.memory.peakMb)} (now ${mb(
        scale.memory.rssMb,
      )}), ${(scale.memory.peakMb / withArlon.memory.peakMb).toFixed(
        1,
      )}x the example fleet's; backend CPU ${scale.memory.cpuS.toFixed(1)} s`,
    );
  }
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
