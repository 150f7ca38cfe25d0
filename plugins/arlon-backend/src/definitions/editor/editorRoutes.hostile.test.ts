import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import { arlonPlugin } from '../../plugin';

const run = promisify(execFile);
const EXAMPLE = path.resolve(__dirname, '../../../../../examples/fleet');

const profile = (name = 'apps', extra = '') => `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: ${name}
spec:
  bundles: [guestbook]
${extra}`;

/** Each alias doubles the one before: 2^30 entries if expanded. */
const aliasBomb = () => {
  const lines = ['a0: &a0 [x, x]'];
  for (let i = 1; i <= 30; i++)
    lines.push(`a${i}: &a${i} [*a${i - 1}, *a${i - 1}]`);
  return `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: apps
spec:
  bundles: [guestbook]
  values:
${lines.map(l => `    ${l}`).join('\n')}
`;
};

describe('editor routes, hostile input', () => {
  let sandbox: Sandbox;
  let server: any;
  let before: string;
  const head = async () =>
    (
      await run('git', ['ls-remote', sandbox.fleetRepoUrl, 'refs/heads/main'])
    ).stdout.split('\t')[0];
  const check = (
    url: string,
    body: string | object,
    type = 'application/yaml',
  ) =>
    request(server)
      .post(`/api/arlon${url}/check`)
      .set('Content-Type', type)
      .send(typeof body === 'string' ? body : JSON.stringify(body));

  beforeAll(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      argocdResyncMs: 60_000,
    });
    const allow = async (requests: any[]) =>
      requests.map(() => ({ result: AuthorizeResult.ALLOW })) as any;
    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        mockServices.permissions.mock({
          authorize: allow,
          authorizeConditional: allow,
        }).factory,
        mockServices.rootConfig.factory({
          data: { arlon: sandbox.arlonConfig() },
        }),
      ],
    }));
    await request(server).post('/api/arlon/regenerate').expect(200);
  }, 60_000);
  afterAll(() => sandbox.stop());
  beforeEach(async () => {
    before = await head();
  });
  // Whatever a case sent: nothing committed, nothing polluted.
  afterEach(async () => {
    if ((await head()) !== before) throw new Error('a commit was made');
    if (({} as any).polluted !== undefined)
      throw new Error('Object.prototype was polluted');
  });

  /** What a refusal showed: its status, its message, and whether a stack leaked. */
  const outcome = (res: request.Response) => ({
    status: res.status,
    message: res.body.error?.message,
    stack: /\n\s+at /.test(JSON.stringify(res.body)),
  });
  /** A refusal that says what to do, never with a stack. */
  const refusal = (status: number, message: RegExp) => ({
    status,
    message: expect.stringMatching(message),
    stack: false,
  });

  it('refuses a body over 256 KB before reading it (413)', async () => {
    const res = await check(
      '/profiles/apps',
      profile('apps', `# ${'x'.repeat(300 * 1024)}\n`),
    );
    expect(res.status).toBe(413);
  });

  it('refuses a YAML alias bomb as a 400 that says so, without expanding it', async () => {
    expect(outcome(await check('/profiles/apps', aliasBomb()))).toEqual(
      refusal(400, /alias/i),
    );
  });

  it('answers text that is not YAML as a problem at its line, not an error', async () => {
    const res = await check('/profiles/apps', '{{{ not: [yaml\n\t\u0000');
    // Unreadable: no identity to check, so validation reports where it broke.
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    expect(res.body.problems[0]).toMatchObject({
      file: 'arlon/profiles/apps.yaml',
      line: expect.any(Number),
    });
  });

  it('refuses a definition of another kind than the URL', async () => {
    expect(
      outcome(
        await check(
          '/profiles/apps',
          profile('apps').replace('Profile', 'Bundle'),
        ),
      ),
    ).toEqual(
      refusal(400, /^The body is a Bundle, but the URL is for a Profile$/),
    );
  });

  it('refuses a kind that is not text, naming what it is', async () => {
    expect(
      outcome(
        await check(
          '/profiles/apps',
          profile('apps').replace('kind: Profile', 'kind: [Profile]'),
        ),
      ),
    ).toEqual(
      refusal(400, /^The body is a list, but the URL is for a Profile$/),
    );
  });

  it('refuses a body naming another definition than the URL', async () => {
    expect(
      outcome(await check('/profiles/apps', profile('infrastructure'))),
    ).toEqual(
      refusal(
        400,
        /^The body names "infrastructure", but the URL names "apps"$/,
      ),
    );
  });

  it.each([
    ['a traversal', '..%2F..%2Fetc%2Fpasswd'],
    ['an upper-case name', 'Apps'],
    ['a NUL', 'apps%00'],
    ['a .git', '.git'],
  ])('refuses %s in the URL before any path is built', async (_, name) => {
    expect(outcome(await check(`/profiles/${name}`, profile('apps')))).toEqual(
      refusal(400, /the URL's name/),
    );
  });

  it('refuses a traversal in metadata.name, naming the field', async () => {
    const res = await request(server)
      .post('/api/arlon/profiles/apps/check')
      .set('Content-Type', 'application/yaml')
      .send(profile('"../../generated/x"'));
    expect(outcome(res)).toEqual(refusal(400, /metadata\.name/));
  });

  it('answers __proto__ and constructor keys as problems at their line, and pollutes nothing', async () => {
    const res = await check(
      '/profiles/apps',
      profile(
        'apps',
        '  values:\n    guestbook:\n      __proto__: { polluted: yes }\n      constructor: { polluted: yes }\n',
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    expect(
      res.body.problems.map((p: any) => [p.line, p.field, p.message]),
    ).toEqual([
      [
        9,
        'spec.values.guestbook.__proto__',
        expect.stringContaining('the key "__proto__" is not allowed'),
      ],
      [
        10,
        'spec.values.guestbook.constructor',
        expect.stringContaining('the key "constructor" is not allowed'),
      ],
    ]);
  });

  it('refuses several documents', async () => {
    expect(
      outcome(await check('/profiles/apps', `${profile()}---\n${profile()}`)),
    ).toEqual(
      refusal(400, /^Send exactly one Profile definition, not 2 documents$/),
    );
  });

  it('refuses a JSON body that is not an object (the JSON parser is strict)', async () => {
    expect(
      outcome(await check('/profiles/apps', '7', 'application/json')),
    ).toEqual(refusal(400, /not valid JSON/));
  });

  it.each([
    ['an array', []],
    ['an empty object', {}],
  ])('refuses a JSON body that is %s', async (_, body) => {
    expect(
      outcome(await check('/profiles/apps', body, 'application/json')),
    ).toEqual(
      refusal(
        400,
        /Send a Profile definition as application\/yaml or application\/json/,
      ),
    );
  });

  it('answers 404 for a definition the fleet does not hold', async () => {
    expect(outcome(await check('/profiles/nope', profile('nope')))).toEqual(
      refusal(404, /No Profile named "nope"/),
    );
  });

  describe('source', () => {
    it.each([
      ['a traversal', '..%2F..%2Fetc%2Fpasswd', 400],
      ['an encoded dot-dot', '%2E%2E', 400],
      ['an unknown name', 'nope', 404],
    ])(
      'answers %s with %s, reading no file outside the definitions',
      async (_, name, status) => {
        const res = await request(server).get(
          `/api/arlon/profiles/${name}/source`,
        );
        expect(res.status).toBe(status);
        expect(res.body.yaml).toBeUndefined();
      },
    );
  });

  describe("an update's If-Match", () => {
    const put = (etag: string) =>
      request(server)
        .put('/api/arlon/profiles/apps')
        .set('Content-Type', 'application/yaml')
        .set('If-Match', etag)
        .send(`${profile()}# changed\n`);

    it.each([
      ['garbage', 'garbage'],
      ['an unquoted hash', 'a'.repeat(64)],
      ['a weak etag', `W/"${'a'.repeat(64)}"`],
      ['a list of etags', `"${'a'.repeat(64)}", "${'b'.repeat(64)}"`],
      ['a long value', `"${'a'.repeat(8000)}"`],
    ])('refuses %s with a 400 that says what to send', async (_, etag) => {
      expect(outcome(await put(etag))).toEqual(
        refusal(
          400,
          /^If-Match must be one etag from GET \/:kind\/:name\/source/,
        ),
      );
    });

    it('refuses a well-formed etag of another text with a 409', async () => {
      expect(outcome(await put(`"${'0'.repeat(64)}"`))).toEqual(
        refusal(409, /arlon\/profiles\/apps\.yaml changed/),
      );
    });
  });
});
