/**
 * The diff engine on 2,000 objects against live state, beside a naive
 * baseline measured in the same run (JSON.stringify both sides and compare).
 * Live state is a sandbox API server holding what `kubectl apply` would have
 * left (last-applied annotation, server defaults, status), with 1% of the
 * Deployments scaled by hand. Reports time and heap for:
 *   - the engine alone (objects in memory) against the naive baseline, and
 *     how many objects each calls different (the naive one is wrong: defaults);
 *   - a whole pre-flight through @kubernetes/client-node, client-side (one
 *     list per kind and namespace) and with server-side dry-run applies
 *     (target: under 1 s for 2,000 objects), against an API server in its own
 *     process, as a cluster's is: the first server-side pre-flight of the
 *     process, the steady state (the median of five after two more), and
 *     the first of a fresh process once the API server is warm (a portal's
 *     first after it starts, against a cluster's compiled API server).
 * Run: `yarn bench:diff [count]`.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { KubeConfig, KubernetesObjectApi } from '@kubernetes/client-node';
import { startSandboxProcess } from './lib/sandboxProcess';
import { processCpuMs } from './lib/processCpu';
import {
  diffObjects,
  KubeObject,
  Rendered,
  summarize,
} from '@arlon-backstage/plugin-arlon-common';
import { LiveCluster, preflight } from '@arlon-backstage/plugin-arlon-node';
import { reuseConnections } from '../plugins/arlon-node/src/live/reuseConnections';

const COUNT = Number(process.argv[2] ?? 2000);
const NAMESPACES = 20;
/** Server-side pre-flights run after the first, to warm up and then measured. */
const WARM_UP = 2;
const STEADY_RUNS = 5;
const gc = (globalThis as any).gc as undefined | (() => void);

/** A bundle's worth of realistic objects: Deployments, Services, ConfigMaps, Secrets. */
function desiredObject(i: number): KubeObject {
  const namespace = `team-${i % NAMESPACES}`;
  const name = `app-${i}`;
  const labels = {
    'app.kubernetes.io/name': name,
    'app.kubernetes.io/managed-by': 'Helm',
    'helm.sh/chart': 'app-1.0.0',
  };
  switch (i % 4) {
    case 0:
      return {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name, namespace, labels },
        spec: {
          replicas: 2,
          selector: { matchLabels: { app: name } },
          template: {
            metadata: { labels: { app: name } },
            spec: {
              containers: [
                {
                  name: 'app',
                  image: 'registry.example.com/app:1.4.2',
                  ports: [{ containerPort: 8080 }],
                  env: [
                    { name: 'MODE', value: 'production' },
                    { name: 'INDEX', value: String(i) },
                  ],
                  resources: {
                    requests: { cpu: '100m', memory: '128Mi' },
                    limits: { cpu: '0.5', memory: '256Mi' },
                  },
                },
              ],
            },
          },
        },
      };
    case 1:
      return {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name, namespace, labels },
        spec: {
          selector: { app: name },
          ports: [{ port: 80, targetPort: 8080 }],
        },
      };
    case 2:
      return {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name, namespace, labels },
        data: { LOG_LEVEL: 'info', WORKERS: '4', INDEX: String(i) },
      };
    default:
      return {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name, namespace, labels },
        type: 'Opaque',
        stringData: { password: `secret-${i}` },
      };
  }
}

/** What the API server holds after `kubectl apply`: last-applied, defaults, status. */
function liveObject(desired: KubeObject, i: number): KubeObject {
  const o: any = structuredClone(desired);
  o.metadata.annotations = {
    'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify(desired),
  };
  o.metadata.uid = `uid-${i}`;
  o.metadata.creationTimestamp = '2026-12-01T00:00:00Z';
  if (o.kind === 'Deployment') {
    o.spec.progressDeadlineSeconds = 600;
    o.spec.revisionHistoryLimit = 10;
    o.spec.strategy = {
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' },
    };
    const c = o.spec.template.spec.containers[0];
    c.imagePullPolicy = 'IfNotPresent';
    c.terminationMessagePath = '/dev/termination-log';
    c.ports[0].protocol = 'TCP';
    o.spec.template.spec.restartPolicy = 'Always';
    o.spec.template.spec.dnsPolicy = 'ClusterFirst';
    o.status = { replicas: 2, readyReplicas: 2, observedGeneration: 1 };
    // 1% drift: scaled by hand.
    if (i % 100 === 0) o.spec.replicas = 5;
  }
  if (o.kind === 'Service') {
    o.spec.clusterIP = `10.0.${Math.floor(i / 250)}.${i % 250}`;
    o.spec.type = 'ClusterIP';
    o.spec.ports[0].protocol = 'TCP';
  }
  if (o.kind === 'Secret') {
    o.data = {
      password: Buffer.from(o.stringData.password).toString('base64'),
    };
    delete o.stringData;
  }
  return o;
}

/** The sandbox's process, once started: its CPU time is measured beside the bench's. */
let serverPid: number | undefined;

async function measure<T>(work: () => Promise<T> | T) {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const serverCpuBefore = serverPid && processCpuMs(serverPid);
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const value = await work();
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const serverCpuAfter = serverPid && processCpuMs(serverPid);
  const serverCpuMs =
    serverCpuBefore !== undefined && serverCpuAfter !== undefined
      ? serverCpuAfter - serverCpuBefore
      : undefined;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  return { ms, cpuMs, serverCpuMs, heapMb, value };
}

/** Wall time, CPU time of this process (and of the API server's, when it runs), heap growth. */
const fmt = (m: {
  ms: number;
  cpuMs: number;
  serverCpuMs?: number;
  heapMb: number;
}) =>
  `${m.ms.toFixed(0).padStart(6)} ms  cpu ${m.cpuMs.toFixed(0).padStart(5)} ms${
    m.serverCpuMs === undefined
      ? ''
      : ` + server ${m.serverCpuMs.toFixed(0).padStart(5)} ms`
  }  heap +${m.heapMb.toFixed(0).padStart(4)} MB`;

async function main() {
  console.log(
    `diff bench: ${COUNT} objects in ${NAMESPACES} namespaces, node ${
      process.version
    }, ${os.cpus().length} cores${
      gc ? '' : ' (run with --expose-gc for steadier heap figures)'
    }`,
  );
  const desired = Array.from({ length: COUNT }, (_, i) => desiredObject(i));
  const live = desired.map(liveObject);
  const expectedUpdates = desired.filter(
    (o, i) => o.kind === 'Deployment' && i % 100 === 0,
  ).length;

  // Naive baseline: the same pairs, stringified and compared.
  const naive = await measure(() => {
    const liveByName = new Map(
      live.map(o => [
        `${o.metadata.namespace}/${o.kind}/${o.metadata.name}`,
        o,
      ]),
    );
    return desired.filter(
      d =>
        JSON.stringify(d) !==
        JSON.stringify(
          liveByName.get(
            `${d.metadata.namespace}/${d.kind}/${d.metadata.name}`,
          ),
        ),
    ).length;
  });
  const engine = await measure(() =>
    summarize(
      diffObjects(desired, live, {
        defaultNamespace: 'default',
        isNamespaced: () => true,
      }),
    ),
  );
  console.log(
    `naive (stringify)        ${fmt(naive)}   calls ${
      naive.value
    } of ${COUNT} different`,
  );
  console.log(
    `engine (in memory)       ${fmt(engine)}   calls ${
      engine.value.update
    } different (expected ${expectedUpdates})   ratio ${(
      engine.ms / naive.ms
    ).toFixed(1)}x naive`,
  );

  // Whole pre-flights against a live API server.
  const server = await startSandboxProcess();
  serverPid = server.pid;
  try {
    const kc = server.kc;
    // Live state is loaded over connections of its own, kept alive (a TLS
    // handshake per create made loading 2,000 objects take half a minute);
    // the pre-flight below starts cold, as a comparison's cluster does.
    const loaderKc = new KubeConfig();
    loaderKc.loadFromString(kc.exportConfig());
    const api = KubernetesObjectApi.makeApiClient(reuseConnections(loaderKc));
    for (let n = 0; n < NAMESPACES; n++)
      await api.create({
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: `team-${n}` },
      });
    const load = await measure(async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < COUNT) await api.create(live[next++]);
        }),
      );
    });
    console.log(
      `load live state          ${fmt(
        load,
      )}   (${COUNT} creates, not part of the diff)`,
    );
    const rendered: Rendered = {
      objects: desired.map(object => ({ bundle: 'bench', object })),
      notes: [],
    };
    const cluster = new LiveCluster('bench', kc);
    const run = (serverSide: boolean) =>
      measure(() =>
        preflight('bench', rendered, cluster, {
          serverSide,
        }),
      );
    const report = (label: string, m: Awaited<ReturnType<typeof run>>) =>
      console.log(
        `${label.padEnd(24)} ${fmt(m)}   ${m.value.method}: ${
          m.value.summary.update
        } to update, ${m.value.summary.unchanged} unchanged   ratio ${(
          m.ms / naive.ms
        ).toFixed(0)}x naive`,
      );
    report('pre-flight client-side', await run(false));
    report('pre-flight server-side', await run(true));
    // A portal answers pre-flights for as long as it runs: after the first,
    // its code is compiled (V8 optimises hot functions over the first few
    // thousand requests) and so is the sandbox's, which a real API server,
    // written in Go, always is. The steady state is the median of the runs
    // after a warm-up.
    for (let i = 0; i < WARM_UP; i++) await run(true);
    const steady: Array<Awaited<ReturnType<typeof run>>> = [];
    for (let i = 0; i < STEADY_RUNS; i++) steady.push(await run(true));
    const median = (pick: (m: (typeof steady)[number]) => number) =>
      steady.map(pick).sort((a, b) => a - b)[Math.floor(steady.length / 2)];
    const range = (pick: (m: (typeof steady)[number]) => number) =>
      `${Math.min(...steady.map(pick)).toFixed(0)}–${Math.max(
        ...steady.map(pick),
      ).toFixed(0)}`;
    report('  steady state (median)', {
      ...steady.find(m => m.ms === median(m2 => m2.ms))!,
      cpuMs: median(m => m.cpuMs),
      serverCpuMs: median(m => m.serverCpuMs ?? 0),
      heapMb: median(m => m.heapMb),
    });
    console.log(
      `  ${STEADY_RUNS} runs after ${WARM_UP} to warm up: ${range(
        m => m.ms,
      )} ms, cpu ${range(m => m.cpuMs)} ms + server ${range(
        m => m.serverCpuMs ?? 0,
      )} ms`,
    );
    // What a portal's first pre-flight after it starts costs, against an API
    // server that is warm by now, as a real one (compiled Go) always is.
    const serverCpuBefore = processCpuMs(server.pid);
    const fresh = JSON.parse(
      execFileSync(
        process.execPath,
        [...process.execArgv, path.join(__dirname, 'lib/freshPreflight.ts')],
        {
          input: JSON.stringify({
            kubeconfig: kc.exportConfig(),
            objects: desired,
          }),
          encoding: 'utf8',
          stdio: ['pipe', 'pipe', 'inherit'],
        },
      ),
    );
    const serverCpuAfter = processCpuMs(server.pid);
    console.log(
      `  first of a fresh process, API server warm: ${fresh.ms.toFixed(
        0,
      )} ms, cpu ${fresh.cpuMs.toFixed(0)} ms${
        serverCpuBefore === undefined || serverCpuAfter === undefined
          ? ''
          : ` + server ${(serverCpuAfter - serverCpuBefore).toFixed(0)} ms`
      }   ${fresh.method}: ${fresh.summary.update} to update, ${
        fresh.summary.unchanged
      } unchanged`,
    );
  } finally {
    server.stop();
  }
  console.log(
    `peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
