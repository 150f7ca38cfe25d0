/**
 * Catalog at fleet scale: 10,000 clusters, 1,000 profiles and 2,000 bundles
 * in a fleet repository on the sandbox's Git server. Reports a full sync's
 * time and peak memory, and the time from a commit to its delta mutation,
 * against the bare cost (same run) of reading the same definitions from the
 * repository. Target: a full sync under 2x the bare read, and a commit's
 * delta under 1 s at 13k definitions, printed beside the full revalidation
 * of the same head that the delta used to do (parse, validate, views,
 * breakage, every entity built and serialised), timed in the same run.
 *
 * The delta is timed from the commit's arrival on the branch (the end of
 * the bench's `git push`, another process's work) to the mutation, with its
 * phases (head noticed by the poll, fetched, validated, delta applied) and
 * this process's CPU in each; the figure from the push's start, which the
 * bench printed before, follows it. `CATALOG_BENCH_PROFILE=<dir>` writes a
 * CPU profile of the delta alone there.
 * Run: `yarn bench:catalog [clusters]`.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import inspector from 'node:inspector';
import { quietLogger } from './lib/quietLogger';
import type { EntityProviderMutation } from '@backstage/plugin-catalog-node';
import {
  FleetChanges,
  FleetRepository,
  ManagementClusters,
  remoteHead,
} from '@arlon-backstage/plugin-arlon-node';
import {
  definitionViews,
  fleetBreakage,
} from '@arlon-backstage/plugin-arlon-common';
import { ConfigReader } from '@backstage/config';
import { ScmIntegrations } from '@backstage/integration';
import { ArlonEntityProvider } from '../plugins/catalog-backend-module-arlon/src/ArlonEntityProvider';
import { fleetEntities } from '../plugins/catalog-backend-module-arlon/src/fleetEntities';
import { fleetLinks } from '../plugins/catalog-backend-module-arlon/src/fleetLinks';
import { startSandboxProcess } from './lib/sandboxProcess';

const run = promisify(execFile);
const post = (session: inspector.Session, method: string): Promise<any> =>
  new Promise((resolve, reject) =>
    session.post(method, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
const CLUSTERS = Number(process.argv[2] ?? 10_000);
const PROFILES = CLUSTERS / 10;
const BUNDLES = CLUSTERS / 5;
const SPECS = 20;

async function writeFleet(dir: string) {
  const put = async (file: string, text: string) => {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
  };
  const head = (kind: string, name: string) =>
    `apiVersion: core.arlon.io/v1\nkind: ${kind}\nmetadata:\n  name: ${name}\n`;
  const writes: Array<Promise<void>> = [];
  for (let i = 0; i < BUNDLES; i++) {
    writes.push(
      put(
        `arlon/bundles/b-${i}.yaml`,
        `${head(
          'Bundle',
          `b-${i}`,
        )}spec:\n  source:\n    git:\n      repoUrl: https://git.example.com/charts.git\n      path: charts/b-${i}\n      revision: v1.0.0\n      type: helm\n  parameters:\n    - name: replicaCount\n      default: 1\n`,
      ),
    );
  }
  for (let i = 0; i < PROFILES; i++) {
    writes.push(
      put(
        `arlon/profiles/p-${i}.yaml`,
        `${head('Profile', `p-${i}`)}spec:\n  bundles: [b-${
          (2 * i) % BUNDLES
        }, b-${(2 * i + 1) % BUNDLES}]\n`,
      ),
    );
  }
  for (let i = 0; i < SPECS; i++) {
    writes.push(
      put(
        `arlon/clusterspecs/s-${i}.yaml`,
        `${head(
          'ClusterSpec',
          `s-${i}`,
        )}spec:\n  provider: aws\n  type: eks\n  kubernetesVersion: v1.29.${i}\n  region: us-west-2\n  nodePools:\n    - name: general\n      machineType: t3.large\n      replicas: 3\n`,
      ),
    );
  }
  for (let i = 0; i < CLUSTERS; i++) {
    writes.push(
      put(
        `arlon/clusters/c-${i}.yaml`,
        `${head('Cluster', `c-${i}`)}  labels:\n    env: e${
          i % 3
        }\nspec:\n  clusterSpec: s-${i % SPECS}\n  profiles: [p-${
          i % PROFILES
        }]\n`,
      ),
    );
  }
  await Promise.all(writes);
}

async function main() {
  console.log(
    `catalog bench: ${CLUSTERS} clusters, ${PROFILES} profiles, ${BUNDLES} bundles; node ${
      process.version
    }, ${os.cpus().length} cores`,
  );
  const seed = await fs.mkdtemp(path.join(os.tmpdir(), 'fleet-'));
  await writeFleet(seed);
  // In its own process, as a Git host is: its Git server runs `git
  // http-backend` per request (the 100 ms head poll included), and forking
  // this process's 300 MB heap ten times a second, with the copy-on-write
  // faults after each fork, cost the measured full sync 4x its own CPU when
  // the server shared this process (and the bare read, taken before the
  // poll starts, none of it).
  const sandbox = await startSandboxProcess({ seed });
  const workDirs: string[] = [];
  const freshRepository = async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'checkout-'));
    workDirs.push(dir);
    return new FleetRepository(
      { url: sandbox.fleetRepoUrl, branch: 'main', writeMode: 'commit' },
      async () => undefined,
      dir,
    );
  };

  /** CPU time of this process (user + system) since `from`, in ms: what the work cost, however busy the machine. */
  const cpuMs = (from: NodeJS.CpuUsage, to = process.cpuUsage()) =>
    (to.user - from.user + to.system - from.system) / 1000;

  // Baseline: the bare cost of reading the same definitions from a fresh clone.
  const bare = await freshRepository();
  const readStart = performance.now();
  const readStartCpu = process.cpuUsage();
  const snapshot = await bare.read();
  const bareMs = performance.now() - readStart;
  const bareCpuMs = cpuMs(readStartCpu);
  const repository = await freshRepository();

  const mutations: Array<{
    at: number;
    cpu: NodeJS.CpuUsage;
    mutation: EntityProviderMutation;
  }> = [];
  // The backend's signal: the branch's head asked every 100 ms.
  const changes = new FleetChanges({
    readHead: remoteHead(
      { url: sandbox.fleetRepoUrl, branch: 'main' },
      async () => undefined,
      30_000,
    ),
    pollMs: 100,
    logger: quietLogger,
  });
  const provider = new ArlonEntityProvider({
    fleet: 'bench',
    repository,
    clusters: new ManagementClusters([]),
    logger: quietLogger,
    schedule: { run: async () => {} },
    changes,
    defaultOwner: 'group:default/platform',
  });
  await provider.connect({
    applyMutation: async mutation =>
      void mutations.push({
        at: performance.now(),
        cpu: process.cpuUsage(),
        mutation,
      }),
    refresh: async () => {},
  });

  let peakRss = process.memoryUsage().rss;
  const baseRss = peakRss;
  const sampler = setInterval(
    () => (peakRss = Math.max(peakRss, process.memoryUsage().rss)),
    20,
  );
  const fullStart = performance.now();
  const fullStartCpu = process.cpuUsage();
  await provider.fullSync();
  const fullMs = performance.now() - fullStart;
  const fullCpuMs = cpuMs(fullStartCpu);
  clearInterval(sampler);
  const full = mutations[0].mutation;
  const entityCount = full.type === 'full' ? full.entities.length : 0;

  // Delta: push one new cluster, time until its mutation arrives.
  const clone = await fs.mkdtemp(path.join(os.tmpdir(), 'clone-'));
  await run('git', [
    'clone',
    '-q',
    '--depth',
    '1',
    sandbox.fleetRepoUrl,
    clone,
  ]);
  await fs.writeFile(
    path.join(clone, 'arlon/clusters/new-1.yaml'),
    'apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: new-1\nspec:\n  clusterSpec: s-1\n  profiles: [p-1]\n',
  );
  await run('git', ['-C', clone, 'add', '-A']);
  await run('git', [
    '-C',
    clone,
    '-c',
    'user.name=b',
    '-c',
    'user.email=b@x',
    'commit',
    '-qm',
    'new-1',
  ]);
  // The delta's phases, as this process sees them: when the head watch
  // signalled the new head, when the fetch that read it returned, when last
  // known good (validation) had it; the rest is the entities and the delta.
  const marks: Record<string, { at: number; cpu: NodeJS.CpuUsage }> = {};
  const mark = (name: string) =>
    (marks[name] ??= { at: performance.now(), cpu: process.cpuUsage() });
  const unwatch = changes.subscribe(() => void mark('noticed'));
  for (const method of ['read', 'readAfterWrites', 'lastKnownGood'] as const) {
    const original = (repository as any)[method].bind(repository);
    (repository as any)[method] = async (...args: unknown[]) => {
      const result = await original(...args);
      if (marks.noticed)
        mark(method === 'lastKnownGood' ? 'validated' : 'fetched');
      return result;
    };
  }
  const profiler = process.env.CATALOG_BENCH_PROFILE
    ? new inspector.Session()
    : undefined;
  if (profiler) {
    profiler.connect();
    await post(profiler, 'Profiler.enable');
    await post(profiler, 'Profiler.start');
  }
  const pushed = performance.now();
  const pushedCpu = process.cpuUsage();
  await run('git', ['-C', clone, 'push', '-q', 'origin', 'main']);
  // The push is the Git client's and server's time (another process here):
  // printed apart, so the delta's own part shows.
  const pushMs = performance.now() - pushed;
  const pushedEndCpu = process.cpuUsage();
  while (mutations.length < 2) await new Promise(r => setTimeout(r, 10));
  const deltaMs = mutations[1].at - pushed;
  // This process's side: the polls' requests, the fetch and the delta (the
  // Git server's side is in the sandbox's process).
  const deltaCpuMs = cpuMs(pushedCpu, mutations[1].cpu);
  const delta = mutations[1].mutation;
  unwatch();
  if (profiler) {
    const { profile } = await post(profiler, 'Profiler.stop');
    const file = path.join(
      process.env.CATALOG_BENCH_PROFILE!,
      `catalog-delta-${Date.now()}.cpuprofile`,
    );
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, JSON.stringify(profile));
    console.log(`profile of the delta: ${file}`);
  }
  // From the push's end: the commit is on the branch (the server moves the
  // ref just before it answers, so the head may be noticed a little before
  // `git push` returns: a negative offset). Each phase's CPU is this
  // process's since the mark before it.
  const landed = { at: pushed + pushMs, cpu: pushedEndCpu };
  const sinceLanded = mutations[1].at - landed.at;
  const sinceLandedCpuMs = cpuMs(landed.cpu, mutations[1].cpu);
  // The head noticed: no CPU of its own (the polls run all along). Each
  // later phase: this process's CPU since the phase before it ended, or
  // since the push's end if that came later.
  let previous = landed;
  const phaseText = (
    [
      ['head noticed', marks.noticed],
      ['fetched', marks.fetched],
      ['validated', marks.validated],
      ['delta applied', { at: mutations[1].at, cpu: mutations[1].cpu }],
    ] as const
  )
    .map(([name, m]) => {
      if (!m) return `${name} ?`;
      const offset = `${name} at ${(m.at - landed.at).toFixed(0)} ms`;
      if (name === 'head noticed') {
        if (m.at > landed.at) previous = m;
        return offset;
      }
      const text = `${offset} (${cpuMs(previous.cpu, m.cpu).toFixed(0)} CPU)`;
      previous = m;
      return text;
    })
    .join(', ');

  // Baseline: what each delta cost before it was incremental, on the same
  // head: every file parsed and validated, every entity built and serialised.
  const head = await repository.read();
  const revalidateStart = performance.now();
  const revalidateStartCpu = process.cpuUsage();
  const views = definitionViews(head.files);
  fleetBreakage(head.files);
  for (const entity of fleetEntities(views, () => undefined, {
    fleet: 'bench',
    defaultOwner: 'group:default/platform',
    links: fleetLinks(
      ScmIntegrations.fromConfig(new ConfigReader({})),
      sandbox.fleetRepoUrl,
      'main',
    ),
  }))
    JSON.stringify(entity);
  const revalidateMs = performance.now() - revalidateStart;
  const revalidateCpuMs = cpuMs(revalidateStartCpu);

  provider.stop();
  changes.stop();
  sandbox.stop();
  await Promise.all(
    [seed, clone, ...workDirs].map(d =>
      fs.rm(d, { recursive: true, force: true }),
    ),
  );

  console.log(
    `definitions in the repository:     ${
      Object.keys(snapshot.files).length
    } files`,
  );
  console.log(
    `baseline, bare read from a fresh clone: ${bareMs.toFixed(
      0,
    )} ms (${bareCpuMs.toFixed(0)} ms of CPU in this process)`,
  );
  console.log(
    `full sync from a fresh clone (read + validate + entities): ${fullMs.toFixed(
      0,
    )} ms (${fullCpuMs.toFixed(
      0,
    )} ms of CPU) for ${entityCount} entities; ratio ${(
      fullMs / bareMs
    ).toFixed(2)}x (target < 2x), CPU ${(fullCpuMs / bareCpuMs).toFixed(2)}x`,
  );
  console.log(
    `peak memory during full sync:      ${(peakRss / 1e6).toFixed(
      0,
    )} MB RSS (+${((peakRss - baseRss) / 1e6).toFixed(0)} MB)`,
  );
  console.log(
    `commit on the branch to delta mutation: ${sinceLanded.toFixed(
      0,
    )} ms from the \`git push\`'s end (target < 1 s; poll every 100 ms), ${sinceLandedCpuMs.toFixed(
      0,
    )} ms of CPU in this process; delta added ${
      delta.type === 'delta'
        ? delta.added.map(a => a.entity.metadata.name).join(', ')
        : '?'
    }`,
  );
  console.log(`  phases from the push's end: ${phaseText}`);
  console.log(
    `  as measured before, from the push's start: ${deltaMs.toFixed(
      0,
    )} ms, of which the \`git push\` (the Git client and server) ${pushMs.toFixed(
      0,
    )} ms; ${deltaCpuMs.toFixed(0)} ms of CPU in this process`,
  );
  console.log(
    `baseline, full revalidation of that head (what a delta did before): ${revalidateMs.toFixed(
      0,
    )} ms, ${revalidateCpuMs.toFixed(
      0,
    )} ms of CPU, before any Git read or wait; the delta's CPU is ${(
      (100 * deltaCpuMs) /
      revalidateCpuMs
    ).toFixed(1)}% of it`,
  );
  console.log(
    `load average while measuring: ${os
      .loadavg()
      .map(l => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores (wall times grow with it)`,
  );
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
