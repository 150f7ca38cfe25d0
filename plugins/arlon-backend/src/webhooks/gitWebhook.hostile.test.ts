import { execFile } from 'node:child_process';
import crypto, { createHmac } from 'node:crypto';
import { promisify } from 'node:util';
import path from 'node:path';
import { createBackendPlugin } from '@backstage/backend-plugin-api';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { Sandbox, eventually } from '@arlon-backstage/arlon-sandbox';
import {
  type FleetChanged,
  fleetChangesServiceRef,
} from '@arlon-backstage/plugin-arlon-node';
import request from 'supertest';
import { arlonPlugin } from '../plugin';

const run = promisify(execFile);
const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');
const SECRET = 'the-shared-webhook-secret-0123456789';
const ROUTE = '/api/arlon/webhooks/git';
/** Never a real commit: the portal must read the head from Git, not from here. */
const FORGED_AFTER = 'f'.repeat(40);

/** What the process's signal told its consumers, from a plugin subscribed like the real ones. */
const seen: FleetChanged[] = [];
const recorder = createBackendPlugin({
  pluginId: 'recorder',
  register(env) {
    env.registerInit({
      deps: { changes: fleetChangesServiceRef },
      async init({ changes }) {
        changes.subscribe(c => void seen.push(c));
      },
    });
  },
});

const push = (ref = 'refs/heads/main', extra: object = {}) =>
  JSON.stringify({
    ref,
    before: '0'.repeat(40),
    after: FORGED_AFTER,
    repository: { full_name: 'acme/fleet' },
    ...extra,
  });
const githubSignature = (body: string | Buffer, secret = SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const giteaSignature = (body: string | Buffer, secret = SECRET) =>
  createHmac('sha256', secret).update(body).digest('hex');

describe('POST /api/arlon/webhooks/git, hostile deliveries', () => {
  let sandbox: Sandbox;
  let server: any;

  /** A Git host's delivery: no Backstage credentials at all. */
  const deliver = (body: string | Buffer, headers: Record<string, string>) => {
    let req = request(server)
      .post(ROUTE)
      .set('Authorization', mockCredentials.none.header())
      .set('Content-Type', 'application/json');
    for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
    return req.send(body);
  };
  const fromGithub = (body: string, signature = githubSignature(body)) =>
    deliver(body, {
      'X-GitHub-Event': 'push',
      'X-Hub-Signature-256': signature,
    });

  /** The fleet branch's head, as Git says. */
  const branchHead = async () =>
    (
      await run('git', ['ls-remote', sandbox.fleetRepoUrl, 'refs/heads/main'])
    ).stdout.split('\t')[0];
  /** The head the process has signalled last. */
  const lastSeen = () => seen[seen.length - 1];
  /** Pushes by hand; with a one-hour poll only a webhook can make it seen. */
  const handPush = async (file: string) => {
    await sandbox.pushToFleet({ [file]: `${file}\n` }, `hand edit ${file}`);
  };
  /** Nothing was signalled for a while: a refused delivery made no look. */
  const nothingSignalled = async (count: number) => {
    await new Promise(r => setTimeout(r, 700));
    expect(seen).toHaveLength(count);
  };

  beforeAll(async () => {
    sandbox = await Sandbox.start({ fleetSeedDir: EXAMPLE });
    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        recorder,
        mockServices.rootConfig.factory({
          data: {
            arlon: {
              ...sandbox.arlonConfig(),
              managementClusters: [],
              fleetRepo: {
                url: sandbox.fleetRepoUrl,
                branch: 'main',
                pollSeconds: 3600,
                webhookSecret: SECRET,
              },
            },
          },
        }),
      ],
    }));
    await eventually(async () => seen[0], 'the first look at the head');
  });
  afterAll(() => sandbox.stop());
  afterEach(() => jest.restoreAllMocks());

  it('a signed GitHub push to the fleet branch makes the portal look at once, and it signals the head from Git, never the payload’s commit', async () => {
    await handPush('github.txt');
    const before = seen.length;
    const res = await fromGithub(push());
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      checked: true,
      message: 'Looking at refs/heads/main now',
    });
    const change = await eventually(
      async () => seen.length > before && lastSeen(),
      'the webhook look',
    );
    expect(change.source).toBe('webhook');
    expect(change.commit).not.toBe(FORGED_AFTER);
    expect(change.commit).toBe(await branchHead());
  });

  it('a GitLab push with the right X-Gitlab-Token is accepted', async () => {
    await handPush('gitlab.txt');
    const before = seen.length;
    const res = await deliver(push(), {
      'X-Gitlab-Event': 'Push Hook',
      'X-Gitlab-Token': SECRET,
    });
    expect(res.status).toBe(202);
    await eventually(async () => seen.length > before, 'the webhook look');
  });

  it('a Gitea push signed in X-Gitea-Signature is accepted', async () => {
    await handPush('gitea.txt');
    const before = seen.length;
    const body = push();
    const res = await deliver(body, {
      'X-Gitea-Event': 'push',
      'X-Gitea-Signature': giteaSignature(body),
    });
    expect(res.status).toBe(202);
    await eventually(async () => seen.length > before, 'the webhook look');
  });

  it('refuses an unsigned delivery with 401 naming the headers to send, and looks at nothing', async () => {
    await handPush('unsigned.txt');
    const before = seen.length;
    const res = await deliver(push(), { 'X-GitHub-Event': 'push' });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(
      /not signed.*arlon\.fleetRepo\.webhookSecret.*X-Hub-Signature-256/,
    );
    await nothingSignalled(before);
  });

  it('refuses a GitHub signature made with another secret', async () => {
    const before = seen.length;
    const body = push();
    const res = await fromGithub(
      body,
      githubSignature(body, 'another-secret-of-enough-length'),
    );
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/signature does not match/);
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    await nothingSignalled(before);
  });

  it('refuses a valid signature over a different body (a payload swapped in transit)', async () => {
    const before = seen.length;
    const signed = push('refs/heads/feature');
    const res = await fromGithub(push(), githubSignature(signed));
    expect(res.status).toBe(401);
    await nothingSignalled(before);
  });

  it.each([
    ['no sha256= prefix', (b: string) => githubSignature(b).slice(7)],
    ['sha1 instead', () => `sha1=${'a'.repeat(40)}`],
    ['not hex', () => `sha256=${'z'.repeat(64)}`],
    ['truncated', (b: string) => githubSignature(b).slice(0, 40)],
    ['empty', () => ''],
  ])('refuses a malformed GitHub signature (%s)', async (_, signature) => {
    const before = seen.length;
    const body = push();
    const res = await fromGithub(body, signature(body));
    expect(res.status).toBe(401);
    await nothingSignalled(before);
  });

  it('refuses a GitLab token that is wrong, or the secret with a character more', async () => {
    const before = seen.length;
    for (const token of ['wrong-token', `${SECRET}x`, SECRET.slice(0, -1)]) {
      const res = await deliver(push(), {
        'X-Gitlab-Event': 'Push Hook',
        'X-Gitlab-Token': token,
      });
      expect(res.status).toBe(401);
    }
    await nothingSignalled(before);
  });

  it('refuses a Gitea signature made with another secret, even with a valid GitHub one beside it', async () => {
    const before = seen.length;
    const body = push();
    const res = await deliver(body, {
      'X-Gitea-Event': 'push',
      'X-Gitea-Signature': giteaSignature(
        body,
        'another-secret-of-enough-length',
      ),
      'X-Hub-Signature-256': githubSignature(body),
    });
    expect(res.status).toBe(401);
    await nothingSignalled(before);
  });

  it('compares in constant time: digests of equal length through timingSafeEqual, for a near-miss signature and a token of another length', async () => {
    const compare = jest.spyOn(crypto, 'timingSafeEqual');
    const body = push();
    const good = githubSignature(body);
    const nearMiss = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    expect((await fromGithub(body, nearMiss)).status).toBe(401);
    expect(compare).toHaveBeenCalledTimes(1);
    const [a, b] = compare.mock.calls[0] as [Buffer, Buffer];
    expect([a.length, b.length]).toEqual([32, 32]);
    compare.mockClear();
    const res = await deliver(body, {
      'X-Gitlab-Event': 'Push Hook',
      'X-Gitlab-Token': 'short',
    });
    expect(res.status).toBe(401);
    expect(compare).toHaveBeenCalledTimes(1);
    const [c, d] = compare.mock.calls[0] as [Buffer, Buffer];
    expect([c.length, d.length]).toEqual([32, 32]);
  });

  it('refuses a body over 1 MB with 413 before hashing it, and looks at nothing', async () => {
    const before = seen.length;
    const big = push('refs/heads/main', {
      padding: 'x'.repeat(1024 * 1024 + 1),
    });
    const compare = jest.spyOn(crypto, 'timingSafeEqual');
    const res = await fromGithub(big);
    expect(res.status).toBe(413);
    expect(compare).not.toHaveBeenCalled();
    await nothingSignalled(before);
  });

  it('a replayed, validly signed push to another branch or a tag is a no-op: nothing is looked at', async () => {
    await handPush('replay.txt');
    const before = seen.length;
    for (const ref of [
      'refs/heads/feature',
      'refs/tags/v1',
      'refs/heads/main-old',
    ]) {
      const res = await fromGithub(push(ref));
      expect(res.status).toBe(202);
      expect(res.body.checked).toBe(false);
      expect(res.body.message).toContain(
        `A push to ${ref}, not to the fleet branch refs/heads/main`,
      );
    }
    await nothingSignalled(before);
    // The same delivery for the fleet branch is looked at: the hand push was there to see.
    await fromGithub(push()).expect(202);
    await eventually(async () => seen.length > before, 'the look');
  });

  it('a signed event that is not a push (issues) changes nothing; a ping answers 200', async () => {
    const before = seen.length;
    const body = push();
    const issues = await deliver(body, {
      'X-GitHub-Event': 'issues',
      'X-Hub-Signature-256': githubSignature(body),
    });
    expect(issues.status).toBe(202);
    expect(issues.body.checked).toBe(false);
    const ping = await deliver('{"zen":"hi"}', {
      'X-GitHub-Event': 'ping',
      'X-Hub-Signature-256': githubSignature('{"zen":"hi"}'),
    });
    expect(ping.status).toBe(200);
    await nothingSignalled(before);
  });

  it('a signed push that is not JSON is a 400 that says to send JSON', async () => {
    const body = 'ref=refs/heads/main';
    const res = await fromGithub(body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/no "ref".*application\/json/);
  });

  it('accepts GitHub’s form-encoded payload, signed over the form body', async () => {
    await handPush('form.txt');
    const before = seen.length;
    const body = new URLSearchParams({ payload: push() }).toString();
    const res = await request(server)
      .post(ROUTE)
      .set('Authorization', mockCredentials.none.header())
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('X-GitHub-Event', 'push')
      .set('X-Hub-Signature-256', githubSignature(body))
      .send(body);
    expect(res.status).toBe(202);
    await eventually(async () => seen.length > before, 'the look');
  });

  it('only POST /webhooks/git is open: other paths under it are 404 and the rest of the API still needs credentials', async () => {
    const none = mockCredentials.none.header();
    const extra = await request(server)
      .post(`${ROUTE}/extra`)
      .set('Authorization', none);
    expect(extra.status).toBe(404);
    expect(extra.body.error.message).toContain(
      'The only webhook is POST /api/arlon/webhooks/git',
    );
    const health = await request(server)
      .get('/api/arlon/health')
      .set('Authorization', none);
    expect(health.status).toBe(401);
    const other = await request(server)
      .post('/api/arlon/webhooks/other')
      .set('Authorization', none);
    expect(other.status).toBe(401);
  });
});

describe('POST /api/arlon/webhooks/git without a secret', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await Sandbox.start({ fleetSeedDir: EXAMPLE });
  });
  afterAll(() => sandbox.stop());

  it('is off: neither routed nor open, whatever the signature', async () => {
    const { server } = await startTestBackend({
      features: [
        arlonPlugin,
        mockServices.rootConfig.factory({
          data: {
            arlon: {
              fleetRepo: { url: sandbox.fleetRepoUrl, branch: 'main' },
            },
          },
        }),
      ],
    });
    const body = push();
    const unauthenticated = await request(server)
      .post(ROUTE)
      .set('Authorization', mockCredentials.none.header())
      .set('Content-Type', 'application/json')
      .set('X-GitHub-Event', 'push')
      .set('X-Hub-Signature-256', githubSignature(body))
      .send(body);
    expect(unauthenticated.status).toBe(401);
    // A signed-in user finds no such route either.
    const user = await request(server)
      .post(ROUTE)
      .set('Content-Type', 'application/json')
      .send(body);
    expect(user.status).toBe(404);
  });
});
