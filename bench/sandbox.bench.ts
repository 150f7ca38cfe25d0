/**
 * Sandbox API server throughput for 10,000 objects: start-up, create, list
 * and watch through @kubernetes/client-node over HTTPS, each beside a baseline
 * measured in the same run (the same work done in-process, without HTTP), so
 * the ratio says what the wire costs. Run: `yarn bench:sandbox [count]`.
 */
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { CoreV1Api, V1ConfigMap, Watch } from '@kubernetes/client-node';
import {
  KubeApiServer,
  ObjectStore,
  Sandbox,
  kubeConfigFor,
} from '@arlon-backstage/arlon-sandbox';

const COUNT = Number(process.argv[2] ?? 10_000);
const CONCURRENCY = 32;

const configMap = (i: number): V1ConfigMap => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    name: `cm-${i}`,
    labels: { fleet: 'bench', shard: String(i % 10) },
  },
  data: { cluster: `cluster-${i}`, profile: `profile-${i % 100}` },
});

async function timed<T>(
  work: () => Promise<T> | T,
): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

async function inBatches(count: number, fn: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await fn(next++);
    }),
  );
}

function row(name: string, ms: number, baselineMs: number) {
  const rate = (COUNT / ms) * 1000;
  return `${name.padEnd(30)} ${ms.toFixed(0).padStart(7)} ms  ${rate
    .toFixed(0)
    .padStart(9)} obj/s   baseline ${baselineMs
    .toFixed(0)
    .padStart(6)} ms   ratio ${(ms / baselineMs).toFixed(1)}x`;
}

async function main() {
  console.log(
    `sandbox bench: ${COUNT} ConfigMaps, node ${process.version}, ${
      os.cpus().length
    } cores`,
  );

  const startup = await timed(() => Sandbox.start({}));
  await startup.value.stop();
  console.log(
    `sandbox start-up (CRDs, git repo, TLS, controllers): ${startup.ms.toFixed(
      0,
    )} ms (target < 3000 ms)`,
  );

  // Baselines: the same work on an in-process store, no HTTP.
  const store = new ObjectStore();
  const cmType = store.type('', 'configmaps')!;
  const baseCreate = await timed(() => {
    for (let i = 0; i < COUNT; i++)
      store.create(cmType, 'default', configMap(i));
  });
  const baseList = await timed(() =>
    JSON.parse(JSON.stringify(store.list(cmType, 'default'))),
  );
  let delivered = 0;
  store.watch(
    { typeKey: '/configmaps', labels: [], fields: [], send: () => delivered++ },
    undefined,
  );
  const baseWatch = await timed(() => {
    for (let i = 0; i < COUNT; i++)
      store.create(cmType, 'default', {
        ...configMap(i),
        metadata: { name: `w-${i}` },
      });
  });

  const server = await KubeApiServer.start({ token: 'bench' });
  const kc = kubeConfigFor(server.url, 'bench', server.caData);
  const core = kc.makeApiClient(CoreV1Api);

  const create = await timed(() =>
    inBatches(COUNT, i =>
      core.createNamespacedConfigMap({
        namespace: 'default',
        body: configMap(i),
      }),
    ),
  );
  const list = await timed(() =>
    core.listNamespacedConfigMap({ namespace: 'default' }),
  );
  if (list.value.items.length !== COUNT)
    throw new Error(`listed ${list.value.items.length}, expected ${COUNT}`);
  const selected = await timed(() =>
    core.listNamespacedConfigMap({
      namespace: 'default',
      labelSelector: 'shard=3',
    }),
  );

  // Watch: time from the first write until the client has seen every event.
  let seen = 0;
  let resolveAll!: () => void;
  const all = new Promise<void>(r => (resolveAll = r));
  const req = await new Watch(kc).watch(
    '/api/v1/namespaces/default/configmaps',
    { resourceVersion: list.value.metadata?.resourceVersion },
    () => {
      if (++seen === COUNT) resolveAll();
    },
    () => {},
  );
  const watch = await timed(async () => {
    for (let i = 0; i < COUNT; i++)
      server.store.create(cmType, 'default', {
        ...configMap(i),
        metadata: { name: `w-${i}` },
      });
    await all;
  });
  req.abort();
  await server.stop();

  console.log(
    row('create (client-node, 32 at once)', create.ms, baseCreate.ms),
  );
  console.log(
    row(
      `list all (${(JSON.stringify(list.value).length / 1e6).toFixed(1)} MB)`,
      list.ms,
      baseList.ms,
    ),
  );
  console.log(
    `list with labelSelector shard=3  ${selected.ms
      .toFixed(0)
      .padStart(7)} ms  (${selected.value.items.length} items)`,
  );
  console.log(row('watch, write to client event', watch.ms, baseWatch.ms));
  console.log(`(baseline watch delivered ${delivered} events in-process)`);
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
