import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Sandbox, eventually } from '@arlon-backstage/arlon-sandbox';
import { ReplicaProcess, sharedDatabase } from './__testUtils__/replicaProcess';

const run = promisify(execFile);
const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');
/** What RegistrationScheduler logs when a replica takes the registration task. */
const TAKES_REGISTRATION = 'This replica runs the registration controllers now';

jest.setTimeout(600_000);

const clusterYaml = (name: string) =>
  `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: ${name}\nspec:\n  clusterSpec: docker-dev\n  profiles: [infrastructure]\n`;

/**
 * Two replicas of the backend, each its own process, on one database and one
 * sandbox (Git and management cluster), as Backstage is scaled out: one
 * registers clusters at a time, both serve the REST API alike, either one's
 * commit is seen by both, and killing the one that registers (SIGKILL: no
 * shutdown hooks, its task left claimed) hands registration to the other
 * within 15 s. No commit is made twice or lost.
 */
describe('two backend replicas on one database', () => {
  let sandbox: Sandbox;
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  const replicas: ReplicaProcess[] = [];
  let token: string;
  const commits: Array<{ name: string; commit: string }> = [];

  const api = async (
    replica: ReplicaProcess,
    route: string,
    init: RequestInit = {},
  ) =>
    fetch(`${replica.url}/api/arlon${route}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...init.headers },
    });
  const clusterNames = async (replica: ReplicaProcess) => {
    const res = await api(replica, '/clusters');
    if (res.status !== 200) return undefined;
    const body = await res.json();
    return (body.items as Array<{ name: string }>).map(c => c.name).sort();
  };
  const create = async (replica: ReplicaProcess, name: string) => {
    const res = await api(replica, '/clusters', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: clusterYaml(name),
    });
    expect(res.status).toBe(201);
    const { commit } = await res.json();
    expect(commit).toMatch(/^[0-9a-f]{40}$/);
    commits.push({ name, commit });
    return commit as string;
  };
  /** Each time ArgoCD's cluster Secret of `name` was created on the management cluster. */
  const registrations = (name: string) =>
    sandbox.events.all({
      cluster: 'management',
      type: 'ADDED',
      kind: 'Secret',
      namespace: 'argocd',
      name: `cluster-${name}`,
    });
  const registered = async (name: string) => registrations(name).length > 0;
  const holders = () =>
    replicas.filter(r => r.alive && r.count(TAKES_REGISTRATION) > 0);

  beforeAll(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      provisioningDelayMs: 300,
      argocdResyncMs: 200,
    });
    database = await sharedDatabase();
    const config = {
      backend: { database: database.config },
      auth: {
        environment: 'development',
        providers: { guest: { dangerouslyAllowOutsideDevelopment: true } },
      },
      arlon: {
        ...sandbox.arlonConfig(),
        // Each replica looks at the branch's head every second.
        fleetRepo: { ...sandbox.arlonConfig().fleetRepo, pollSeconds: 1 },
      },
    };
    // One after the other: the first creates the databases.
    replicas.push(await ReplicaProcess.start('a', config));
    await eventually(
      () =>
        fetch(`${replicas[0].url}/.backstage/health/v1/readiness`).then(
          r => r.ok,
        ),
      'replica a ready',
      240_000,
    ).catch(e => {
      throw new Error(`${e.message}\n${replicas[0].log.slice(-4000)}`);
    });
    replicas.push(await ReplicaProcess.start('b', config));
    await eventually(
      () =>
        fetch(`${replicas[1].url}/.backstage/health/v1/readiness`).then(
          r => r.ok,
        ),
      'replica b ready',
      240_000,
    ).catch(e => {
      throw new Error(`${e.message}\n${replicas[1].log.slice(-4000)}`);
    });
    const session = await fetch(
      `${replicas[0].url}/api/auth/guest/refresh?env=development`,
      { headers: { 'x-requested-with': 'XMLHttpRequest' } },
    );
    if (session.status !== 200)
      throw new Error(`guest sign-in answered ${session.status}`);
    token = (await session.json()).backstageIdentity.token;
    // The fleet's generated tree, and its root Application on the management cluster.
    for (const route of ['/regenerate', '/bootstrap']) {
      const res = await api(replicas[0], route, { method: 'POST' });
      if (res.status !== 200)
        throw new Error(
          `POST ${route} answered ${res.status}: ${await res.text()}`,
        );
    }
  });

  afterAll(async () => {
    await Promise.all(replicas.map(r => r.stop()));
    await sandbox?.stop();
    await database?.cleanup();
  });

  it('runs registration on one replica only', async () => {
    await eventually(() => holders().length > 0, 'a replica registering');
    // Both have been up and polling the task for seconds: still one holder.
    await eventually(
      async () => (await clusterNames(replicas[1]))?.length,
      'b answering',
    );
    expect(holders()).toHaveLength(1);
    expect(holders()[0].count(TAKES_REGISTRATION)).toBe(1);
  });

  it('serves the same clusters from both, and a commit through either is seen by both', async () => {
    const [a, b] = replicas;
    expect(await clusterNames(a)).toEqual(await clusterNames(b));
    await create(b, 'rep-1');
    await create(a, 'rep-2');
    for (const replica of replicas)
      await eventually(async () => {
        const names = await clusterNames(replica);
        return names?.includes('rep-1') && names.includes('rep-2');
      }, `${replica.name} to list rep-1 and rep-2`);
    expect(await clusterNames(a)).toEqual(await clusterNames(b));
    // Whichever replica wrote it, the one registering registered it.
    for (const name of ['rep-1', 'rep-2'])
      await eventually(() => registered(name), `${name} registered`, 60_000);
  });

  it('hands registration to the other replica within 15 s when the holder is killed', async () => {
    const [holder] = holders();
    const survivor = replicas.find(r => r !== holder)!;
    expect(survivor.count(TAKES_REGISTRATION)).toBe(0);
    const killedAt = Date.now();
    await holder.kill();
    await eventually(
      () => survivor.count(TAKES_REGISTRATION) > 0,
      'the survivor to take registration',
      30_000,
    );
    const handover = Date.now() - killedAt;
    // eslint-disable-next-line no-console
    console.log(`registration handed over in ${handover} ms`);
    expect(handover).toBeLessThan(15_000);
    await create(survivor, 'rep-3');
    await eventually(() => registered('rep-3'), 'rep-3 registered', 60_000);
    expect(await clusterNames(survivor)).toEqual(
      expect.arrayContaining(['rep-1', 'rep-2', 'rep-3']),
    );
  });

  it('registered each cluster once, though two replicas held registration in turn', () => {
    for (const name of ['rep-1', 'rep-2', 'rep-3'])
      expect(registrations(name)).toHaveLength(1);
  });

  it('made each commit once and lost none', async () => {
    const clone = await fs.mkdtemp(path.join(os.tmpdir(), 'arlon-rep-log-'));
    try {
      await run('git', ['clone', '-q', sandbox.fleetRepoUrl, clone]);
      const { stdout } = await run('git', [
        '-C',
        clone,
        'log',
        '--format=%H %s',
        `origin/${sandbox.fleetBranch}`,
      ]);
      const log = stdout.trim().split('\n');
      for (const { name, commit } of commits) {
        expect(log.filter(l => l.startsWith(commit))).toHaveLength(1);
        // The one commit that created it (its subject names the cluster).
        expect(
          log.filter(l => new RegExp(`^\\S+ Create \\w+ ${name}$`).test(l)),
        ).toEqual([expect.stringMatching(new RegExp(`^${commit} `))]);
      }
      // Regeneration, if any ran, never committed the same change twice in a row.
      const subjects = log.map(l => l.slice(41));
      const repeated = subjects.filter(
        (subject, i) =>
          subject.startsWith('Regenerate') && subject === subjects[i + 1],
      );
      expect(repeated).toEqual([]);
    } finally {
      await fs.rm(clone, { recursive: true, force: true });
    }
  });
});
