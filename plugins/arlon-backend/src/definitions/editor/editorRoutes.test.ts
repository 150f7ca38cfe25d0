import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import {
  AuthorizeResult,
  type Permission,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import {
  arlonConditions,
  createArlonConditionalDecision,
} from '@arlon-backstage/plugin-arlon-node';
import request from 'supertest';
import { arlonPlugin } from '../../plugin';

const run = promisify(execFile);
const EXAMPLE = path.resolve(__dirname, '../../../../../examples/fleet');
const ALLOW: PolicyDecision = { result: AuthorizeResult.ALLOW };
let decide: (permission: Permission) => PolicyDecision = () => ALLOW;

describe("the portal's YAML editor routes", () => {
  let sandbox: Sandbox;
  let server: any;
  const head = async () =>
    (
      await run('git', ['ls-remote', sandbox.fleetRepoUrl, 'refs/heads/main'])
    ).stdout.split('\t')[0];
  const source = async (url: string) =>
    (await request(server).get(`/api/arlon${url}/source`).expect(200)).body;
  const check = (url: string, yaml: string) =>
    request(server)
      .post(`/api/arlon${url}/check`)
      .set('Content-Type', 'application/yaml')
      .send(yaml);
  const put = (url: string, yaml: string, etag?: string) => {
    const r = request(server)
      .put(`/api/arlon${url}`)
      .set('Content-Type', 'application/yaml');
    return (etag ? r.set('If-Match', etag) : r).send(yaml);
  };

  beforeAll(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      argocdResyncMs: 60_000,
    });
    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        mockServices.permissions.mock({
          authorize: async requests =>
            requests.map(r => {
              const d = decide(r.permission);
              return d.result === AuthorizeResult.CONDITIONAL
                ? { result: AuthorizeResult.DENY }
                : d;
            }) as any,
          authorizeConditional: async requests =>
            requests.map(r => decide(r.permission)) as any,
        }).factory,
        mockServices.rootConfig.factory({
          data: { arlon: sandbox.arlonConfig() },
        }),
      ],
    }));
    await request(server).post('/api/arlon/regenerate').expect(200);
  }, 60_000);
  afterAll(() => sandbox.stop());
  afterEach(() => {
    decide = () => ALLOW;
  });

  it("answers a definition's file as Git holds it, comments included, with the head and an etag", async () => {
    const body = await source('/clusterspecs/docker-dev');
    expect(body).toMatchObject({
      kind: 'ClusterSpec',
      name: 'docker-dev',
      file: 'arlon/clusterspecs/docker-dev.yaml',
      commit: await head(),
      editable: true,
    });
    expect(body.yaml).toContain('name: docker-dev');
    expect(body.yaml).toContain('replicas: 2');
    expect(body.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(body.readOnlyReason).toBeUndefined();
  });

  it('says why the editor is read-only for a caller the policy lets read but not update', async () => {
    decide = p =>
      p.name === 'arlon.definition.update'
        ? createArlonConditionalDecision(
            p as any,
            arlonConditions.isArlonOwner({ claims: ['group:default/team-a'] }),
          )
        : ALLOW;
    const body = await source('/profiles/apps');
    expect(body.editable).toBe(false);
    expect(body.readOnlyReason).toBe(
      'You may not update Profile "apps" (owner group:default/apps): it needs permission arlon.definition.update; ask an owner or an Arlon admin',
    );
  });

  it('checks an edited cluster spec against the whole fleet: valid, the files, and the linked cluster it changes', async () => {
    const before = await head();
    const { yaml } = await source('/clusterspecs/docker-dev');
    const res = await check(
      '/clusterspecs/docker-dev',
      yaml.replace('replicas: 2', 'replicas: 3'),
    ).expect(200);
    expect(res.body).toMatchObject({
      valid: true,
      problems: [],
      parent: before,
    });
    expect(res.body.files).toContainEqual({
      path: 'arlon/clusterspecs/docker-dev.yaml',
      action: 'update',
    });
    expect(res.body.files).toContainEqual({
      path: 'generated/clusters/dev-local/cluster.yaml',
      action: 'update',
    });
    // dev-local follows docker-dev; no other cluster is built from it.
    expect(res.body.clusters).toEqual(['dev-local']);
    expect(await head()).toBe(before);
  });

  it('lists no cluster for a spec only a cloned cluster was made from', async () => {
    const { yaml } = await source('/clusterspecs/aws-kubeadm');
    const res = await check(
      '/clusterspecs/aws-kubeadm',
      yaml.replace(/description: .*/, 'description: edited'),
    ).expect(200);
    expect(res.body.valid).toBe(true);
    expect(res.body.files).toEqual([
      { path: 'arlon/clusterspecs/aws-kubeadm.yaml', action: 'update' },
    ]);
    expect(res.body.clusters).toEqual([]);
  });

  it('answers problems with their file, line and field: an unknown bundle in a profile', async () => {
    const { yaml } = await source('/profiles/apps');
    const res = await check(
      '/profiles/apps',
      yaml.replace('guestbook', 'no-such-bundle'),
    ).expect(200);
    expect(res.body.valid).toBe(false);
    expect(res.body.files).toEqual([]);
    const problem = res.body.problems.find((p: any) =>
      p.message.includes('no-such-bundle'),
    );
    expect(problem).toMatchObject({ file: 'arlon/profiles/apps.yaml' });
    const line =
      yaml.split('\n').findIndex((l: string) => l.includes('guestbook')) + 1;
    expect(problem.line).toBe(line);
  });

  it('answers a YAML syntax error as a problem at its line', async () => {
    const res = await check(
      '/profiles/apps',
      'apiVersion: core.arlon.io/v1\nkind: Profile\nmetadata:\n  name: apps\nspec:\n  bundles: [guestbook\n',
    ).expect(200);
    expect(res.body.valid).toBe(false);
    expect(res.body.problems[0]).toMatchObject({
      file: 'arlon/profiles/apps.yaml',
      line: expect.any(Number),
    });
    expect(res.body.problems[0].line).toBeGreaterThanOrEqual(6);
  });

  describe('committing with If-Match', () => {
    it('commits when the file is still the text the editor was given, even after a commit to another file', async () => {
      const opened = await source('/bundles/guestbook');
      // Someone else changes another definition meanwhile.
      const other = await source('/bundles/calico');
      await put('/bundles/calico', `${other.yaml}# tuned\n`, other.etag).expect(
        200,
      );
      const edited = `${opened.yaml}# edited in the portal\n`;
      const res = await put('/bundles/guestbook', edited, opened.etag).expect(
        200,
      );
      expect(res.body.commit).toBe(await head());
      expect((await source('/bundles/guestbook')).yaml).toBe(edited);
    });

    it('refuses with a 409 naming the file when someone else committed to it, and writes nothing', async () => {
      const opened = await source('/bundles/cert-manager');
      await put('/bundles/cert-manager', `${opened.yaml}# theirs\n`).expect(
        200,
      );
      const before = await head();
      const res = await put(
        '/bundles/cert-manager',
        `${opened.yaml}# mine\n`,
        opened.etag,
      );
      expect([res.status, res.body.error?.message]).toEqual([
        409,
        'arlon/bundles/cert-manager.yaml changed in the fleet repository after you opened it: someone else committed to it. Nothing was written. Keep your text, reload to see their change, and apply yours again.',
      ]);
      expect(await head()).toBe(before);
      expect((await source('/bundles/cert-manager')).yaml).toContain(
        '# theirs',
      );
    });

    it('takes * as any current version, as HTTP does', async () => {
      const opened = await source('/bundles/readonly-rbac');
      const res = await put(
        '/bundles/readonly-rbac',
        `${opened.yaml}# any\n`,
        '*',
      );
      expect(res.status).toBe(200);
      expect(res.body.commit).toBe(await head());
    });
  });

  it('opens a file that holds several definitions read-only: the editor would replace only one of them', async () => {
    // Pushed by hand, as anyone with access to the repository could (last: the
    // generated tree then lags behind, which every later check would include).
    const clone = await fs.mkdtemp(path.join(os.tmpdir(), 'shared-'));
    const git = (...args: string[]) => run('git', ['-C', clone, ...args]);
    try {
      await run('git', ['clone', '-q', sandbox.fleetRepoUrl, clone]);
      const file = path.join(clone, 'arlon/profiles/infrastructure.yaml');
      const text = await fs.readFile(file, 'utf8');
      await fs.writeFile(
        file,
        `${text}---\n${text.replace(
          'name: infrastructure',
          'name: infra-extra',
        )}`,
      );
      await git('add', '-A');
      await git(
        '-c',
        'user.name=Hand',
        '-c',
        'user.email=hand@arlon.invalid',
        'commit',
        '-q',
        '-m',
        'Two profiles in one file',
      );
      await git('push', '-q', 'origin', 'main');
    } finally {
      await fs.rm(clone, { recursive: true, force: true });
    }
    const body = await source('/profiles/infrastructure');
    expect(body.yaml).toContain('name: infra-extra');
    expect([body.editable, body.readOnlyReason]).toEqual([
      false,
      'arlon/profiles/infrastructure.yaml holds several definitions; edit it in Git',
    ]);
  });
});
