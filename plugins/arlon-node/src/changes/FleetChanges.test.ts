import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Sandbox, eventually } from '@arlon-backstage/arlon-sandbox';
import { FleetRepository } from '../fleet/FleetRepository';
import { FleetChanged, FleetChanges } from './FleetChanges';
import { remoteHead } from './remoteHead';
import { readSince } from './readSince';

const author = { name: 'Jane Platform', email: 'jane@example.com' };

function recordingLogger() {
  const lines: string[] = [];
  return {
    lines,
    info: (m: string) => void lines.push(`info ${m}`),
    warn: (m: string) => void lines.push(`warn ${m}`),
  };
}

describe('FleetChanges: one signal for every source of a new head', () => {
  let sandbox: Sandbox;
  const stops: Array<() => unknown> = [];
  const workDirs: string[] = [];

  beforeAll(async () => {
    sandbox = await Sandbox.start();
  });
  afterAll(async () => {
    await sandbox.stop();
    await Promise.all(
      workDirs.map(d => fs.rm(d, { recursive: true, force: true })),
    );
  });
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  /** Reads a branch's head from the server, as the process's watch does. */
  const headReader = (
    branch = sandbox.fleetBranch,
    url = sandbox.fleetRepoUrl,
  ) => remoteHead({ url, branch }, async () => undefined, 2000);

  const watcher = (pollMs: number, url = sandbox.fleetRepoUrl) => {
    const logger = recordingLogger();
    const changes = new FleetChanges({
      readHead: headReader(sandbox.fleetBranch, url),
      pollMs,
      logger,
    });
    stops.push(() => changes.stop());
    const seen: FleetChanged[] = [];
    stops.push(changes.subscribe(c => void seen.push(c)));
    return { changes, seen, logger };
  };

  const repository = async (changes: FleetChanges) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'changes-'));
    workDirs.push(dir);
    return new FleetRepository(
      { url: sandbox.fleetRepoUrl, branch: 'main', writeMode: 'commit' },
      async () => undefined,
      dir,
      undefined,
      {
        onCommit: commit => changes.announce(commit),
        onPushing: () => changes.pushing(),
      },
    );
  };

  it('signals the head it first sees, then a commit pushed by hand, once, from the poll', async () => {
    const { seen } = watcher(100);
    const first = await eventually(async () => seen[0], 'the first head');
    expect(first.source).toBe('poll');
    await sandbox.pushToFleet({ 'hand.txt': 'by hand\n' }, 'a hand push');
    const next = await eventually(async () => seen[1], 'the hand push');
    expect(next.source).toBe('poll');
    expect(next.commit).not.toBe(first.commit);
    await new Promise(r => setTimeout(r, 400));
    expect(seen).toHaveLength(2);
  });

  it('signals a commit of this process at once as a write, and the poll does not signal it again', async () => {
    // A long period: only the announcement can explain a prompt signal.
    const { changes, seen } = watcher(60_000);
    await eventually(async () => seen[0], 'the first head');
    const repo = await repository(changes);
    const result = await repo.change({
      message: 'a portal write',
      author,
      plan: () => ({ 'portal.txt': 'from the portal\n' }),
    });
    expect(seen[1]).toEqual({ commit: result.commit, source: 'write' });
    await changes.check('poll');
    expect(seen).toHaveLength(2);
  });

  it('a look that answers during a push of this process leaves its commit to the announcement', async () => {
    // The push has landed on the server, its answer not yet here: the poll
    // sees the new head first. It is this process's write, not another's.
    const { changes, seen } = watcher(60_000);
    await eventually(async () => seen[0], 'the first head');
    const pushEnded = changes.pushing();
    await sandbox.pushToFleet({ 'ours.txt': 'ours\n' }, 'our push, landed');
    const landed = await headReader()();
    await changes.check('poll');
    expect(seen).toHaveLength(1);
    changes.announce(landed);
    pushEnded();
    expect(seen[1]).toEqual({ commit: landed, source: 'write' });
    await changes.check('poll');
    expect(seen).toHaveLength(2);
  });

  it('a head set aside during a push that did not land is looked at again when the push ends', async () => {
    const { changes, seen } = watcher(60_000);
    await eventually(async () => seen[0], 'the first head');
    const pushEnded = changes.pushing();
    await sandbox.pushToFleet({ 'theirs.txt': 'theirs\n' }, 'another writer');
    await changes.check('poll');
    expect(seen).toHaveLength(1);
    pushEnded(); // rejected: overtaken by the other writer
    pushEnded(); // a second call changes nothing
    const next = await eventually(async () => seen[1], 'the other commit');
    expect(next.source).toBe('poll');
    expect(next.commit).not.toBe(seen[0].commit);
    expect(seen).toHaveLength(2);
  });

  it('a webhook look sees a push at once, even while a look that predates it is under way', async () => {
    const { changes, seen } = watcher(60_000);
    await eventually(async () => seen[0], 'the first head');
    const before = changes.check('poll'); // may ask before the push lands
    await sandbox.pushToFleet({ 'hook.txt': 'pushed\n' }, 'pushed, hook sent');
    await changes.check('webhook');
    await before;
    expect(seen.map(s => s.source)).toEqual(['poll', 'webhook']);
  });

  it('many webhooks at once make at most two looks', async () => {
    let looks = 0;
    const read = headReader('main');
    const changes = new FleetChanges({
      readHead: () => {
        looks++;
        return read();
      },
      pollMs: 60_000,
      logger: recordingLogger(),
    });
    stops.push(() => changes.stop());
    await Promise.all(
      Array.from({ length: 50 }, () => changes.check('webhook')),
    );
    expect(looks).toBe(2);
  });

  it('warns once while the Git server does not answer, and says when it does again', async () => {
    let down = true;
    const read = headReader('main');
    const logger = recordingLogger();
    const changes = new FleetChanges({
      readHead: () =>
        down
          ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1'))
          : read(),
      pollMs: 60_000,
      logger,
    });
    stops.push(() => changes.stop());
    for (let i = 0; i < 3; i++) await changes.check('poll');
    expect(logger.lines.filter(l => l.startsWith('warn'))).toHaveLength(1);
    expect(logger.lines[0]).toMatch(/ECONNREFUSED/);
    down = false;
    await changes.check('poll');
    expect(logger.lines[1]).toMatch(/^info .*answers again/);
    expect(changes.knownHead).toMatch(/^[0-9a-f]{40}$/);
  });

  it('says nothing of a look that fails because the watch was stopped under it', async () => {
    const logger = recordingLogger();
    let fail: (error: Error) => void = () => {};
    const changes = new FleetChanges({
      readHead: () => new Promise<string>((_, reject) => (fail = reject)),
      pollMs: 60_000,
      logger,
    });
    const look = changes.check('poll');
    changes.stop();
    fail(new Error('connect ECONNREFUSED 127.0.0.1:1'));
    await look;
    expect(logger.lines).toEqual([]);
  });

  it('a branch that does not exist is a warning naming the setting, and nothing is signalled', async () => {
    const logger = recordingLogger();
    const changes = new FleetChanges({
      readHead: headReader('no-such-branch'),
      pollMs: 60_000,
      logger,
    });
    stops.push(() => changes.stop());
    const seen: FleetChanged[] = [];
    stops.push(changes.subscribe(c => void seen.push(c)));
    await changes.check('poll');
    expect(seen).toEqual([]);
    expect(logger.lines[0]).toMatch(
      /no branch "no-such-branch" \(arlon\.fleetRepo\.branch\)/,
    );
  });

  it('a consumer that throws does not keep the signal from the others', async () => {
    const logger = recordingLogger();
    const changes = new FleetChanges({ pollMs: 60_000, logger });
    const seen: string[] = [];
    changes.subscribe(() => {
      throw new Error('consumer one broke');
    });
    changes.subscribe(async () => {
      throw new Error('consumer two broke later');
    });
    changes.subscribe(c => void seen.push(c.commit));
    changes.announce('a'.repeat(40));
    expect(seen).toEqual(['a'.repeat(40)]);
    await new Promise(r => setImmediate(r));
    expect(logger.lines).toEqual([
      'warn A consumer of the fleet change signal failed: consumer one broke',
      'warn A consumer of the fleet change signal failed: consumer two broke later',
    ]);
  });

  it('readSince reads again while a read returns a head older than the signalled commit, at most three times', async () => {
    // What FleetRepository.read gives when a read that started before the
    // push is shared: the old head, then (read again) the new one.
    const answers = ['old', 'new'];
    const asked: Array<string | undefined> = [];
    const racing = {
      read: async (expected?: string) => {
        asked.push(expected);
        return { commit: answers.shift() ?? 'new', files: {} };
      },
    };
    expect((await readSince(racing, 'new')).commit).toBe('new');
    // Each read is told the signalled commit, to fetch it by its id.
    expect(asked).toEqual(['new', 'new']);
    let reads = 0;
    const moved = {
      read: async () => ({ commit: `newer-${++reads}`, files: {} }),
    };
    await readSince(moved, 'signalled');
    expect(reads).toBe(3);
  });

  it('readSince sees a commit the poll saw on the server while this process was still writing', async () => {
    // During a write, read() answers the snapshot the write started from,
    // while the poll may signal a commit already on the server. Registration
    // read the old snapshot three times and labelled clusters from it.
    const repo = await repository(watcher(60_000).changes);
    const before = (await repo.read()).commit;
    let release!: () => void;
    const gate = new Promise<void>(r => (release = r));
    let entered!: () => void;
    const writing = new Promise<void>(r => (entered = r));
    const write = repo.change({
      message: 'held open while the server moves',
      author,
      plan: async () => {
        entered();
        await gate;
        return {};
      },
    });
    await writing;
    await sandbox.pushToFleet({ 'during.txt': 'pushed\n' }, 'during a write');
    const onServer = await headReader()();
    expect(onServer).not.toBe(before);
    const read = readSince(repo, onServer);
    release();
    await write;
    expect((await read).commit).toBe(onServer);
  });
});
