import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import { arlonPlugin } from '../plugin';

const run = promisify(execFile);
const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

/** Far enough up from any checkout to reach `/`, then into a folder that must never appear. */
const escapeDir = path.join(
  os.tmpdir(),
  `arlon-hostile-${process.pid}-${Date.now()}`,
);
const traversal = `${'../'.repeat(24)}${escapeDir.slice(1)}/x`;

const bundleYaml = (name: string, git?: Record<string, string>) =>
  `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: ${JSON.stringify(name)}
spec:
  source:
    git:
${Object.entries({
  repoUrl: 'https://github.com/stefanprodan/podinfo.git',
  path: 'charts/podinfo',
  revision: '6.5.4',
  type: 'helm',
  ...git,
})
  .map(([k, v]) => `      ${k}: ${JSON.stringify(v)}\n`)
  .join('')}  parameters:
    - name: replicaCount
      default: 1
`;

const clusterYaml = (name: string, extra = '') => `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: ${JSON.stringify(name)}
spec:
  clusterSpec: docker-dev
${extra}`;

describe('definitions API, hostile input', () => {
  let sandbox: Sandbox;
  let server: any;
  const head = async () =>
    (
      await run('git', ['ls-remote', sandbox.fleetRepoUrl, 'refs/heads/main'])
    ).stdout.split('\t')[0];
  let before: string;

  beforeAll(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      argocdResyncMs: 60_000,
    });
    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        mockServices.rootConfig.factory({
          data: {
            arlon: {
              fleetRepo: { url: sandbox.fleetRepoUrl, branch: 'main' },
              managementClusters: [],
            },
          },
        }),
        mockServices.permissions.mock({
          authorize: async requests =>
            requests.map(() => ({ result: AuthorizeResult.ALLOW })) as any,
          authorizeConditional: async requests =>
            requests.map(() => ({ result: AuthorizeResult.ALLOW })) as any,
        }).factory,
      ],
    }));
    await request(server).post('/api/arlon/regenerate').expect(200);
  });
  afterAll(() => sandbox.stop());
  beforeEach(async () => {
    before = await head();
  });
  // Whatever a case sent: no commit, nothing where a traversal would land, no pollution.
  afterEach(async () => {
    if ((await head()) !== before) throw new Error('a commit was made');
    if (fs.existsSync(escapeDir))
      throw new Error(`${escapeDir} was written outside the checkout`);
    if (({} as any).polluted !== undefined)
      throw new Error('Object.prototype was polluted');
  });

  const send = (
    method: 'post' | 'put' | 'delete',
    url: string,
    body?: string | object,
  ) => {
    const r = request(server)[method](`/api/arlon${url}`);
    if (typeof body === 'string')
      return r.set('Content-Type', 'application/yaml').send(body);
    return body ? r.send(body) : r;
  };

  it.each<
    [string, 'post' | 'put' | 'delete', string, string | object | undefined]
  >([
    ['POST a bundle', 'post', '/bundles?dryRun=1', bundleYaml('dry')],
    [
      'PUT a bundle',
      'put',
      '/bundles/guestbook?dryRun=yes',
      bundleYaml('guestbook'),
    ],
    [
      'DELETE a bundle',
      'delete',
      '/bundles/guestbook?dryRun=true&dryRun=true',
      undefined,
    ],
    [
      'apply profiles',
      'post',
      '/profiles/apply?dryRun=1',
      { profiles: ['dev'], selector: 'env=dev' },
    ],
    [
      'remove profiles',
      'post',
      '/profiles/remove?dryRun=',
      { profiles: ['dev'], selector: 'env=dev' },
    ],
  ])(
    '%s with a dryRun that is neither true nor false: 400 naming it, nothing written',
    async (_, method, url, body) => {
      const res = await send(method, url, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('dryRun must be true or false');
    },
  );

  it('import with ?dryRun=true: 400 (import has no dry run), nothing registered or committed', async () => {
    const res = await send('post', '/clusters/import?dryRun=true', {
      name: 'dry-import',
      kubeconfig: 'apiVersion: v1\nkind: Config\n',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(
      /^POST \/clusters\/import has no dry run/,
    );
  });

  it.each([
    ['a traversal', traversal],
    ['a short traversal', '../x'],
    ['an absolute path', '/etc/x'],
    ['a nested path', 'a/b'],
    ['Git’s own folder', '.git/config'],
    ['an empty name', ''],
    ['a 64-character name', 'a'.repeat(64)],
    ['upper case', 'Podinfo'],
    ['a unicode lookalike', 'p\u043edinfo'],
    ['a NUL byte', 'pod\u0000info'],
  ])(
    'POST (dry run too) a bundle named with %s: 400 naming metadata.name',
    async (_, name) => {
      for (const dryRun of ['?dryRun=true', '']) {
        const res = await send('post', `/bundles${dryRun}`, bundleYaml(name));
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/^metadata\.name ".*" must /);
      }
    },
  );

  it('PUT with a traversal in the URL (%2F-encoded): 400 naming the URL’s name', async () => {
    const res = await send('put', `/bundles/..%2F..%2Fx`, bundleYaml('x'));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(
      /^the URL's name "\.\.\/\.\.\/x" must /,
    );
  });

  it('DELETE with a traversal in the URL: 400, nothing deleted', async () => {
    const res = await send('delete', `/clusters/..%2Fclusters%2Fdev-local`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(
      /^the URL's name "\.\.\/clusters\/dev-local" must /,
    );
  });

  it('a JSON body with a traversal name: 400', async () => {
    const res = await send('post', '/clusters?dryRun=true', {
      apiVersion: 'core.arlon.io/v1',
      kind: 'Cluster',
      metadata: { name: traversal },
      spec: { clusterSpec: 'docker-dev' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^metadata\.name /);
  });

  it.each(['argocd', 'arlon-fleet', 'kube-system', 'default', 'kube-x'])(
    'a cluster named %s: 400 with the problem at metadata.name',
    async name => {
      const res = await send(
        'post',
        '/clusters?dryRun=true',
        clusterYaml(name),
      );
      expect(res.status).toBe(400);
      expect(res.body.problems).toEqual([
        expect.objectContaining({
          file: `arlon/clusters/${name}.yaml`,
          field: 'metadata.name',
          message: expect.stringMatching(/is reserved/),
        }),
      ]);
    },
  );

  it('a cluster whose root Application collides with another cluster’s bundle Application: 400', async () => {
    const res = await send(
      'post',
      '/clusters?dryRun=true',
      clusterYaml('dev-local-guestbook'),
    );
    expect(res.status).toBe(400);
    expect(res.body.problems[0]).toEqual(
      expect.objectContaining({
        file: 'arlon/clusters/dev-local-guestbook.yaml',
        message: expect.stringMatching(
          /would both be the ArgoCD Application "dev-local-guestbook"$/,
        ),
      }),
    );
  });

  it.each([
    [
      'a parameter name __proto__.polluted',
      bundleYaml('podinfo').replace(
        '- name: replicaCount',
        '- name: __proto__.polluted',
      ),
      'spec.parameters[0].name',
    ],
    [
      'a parameter name constructor',
      bundleYaml('podinfo').replace(
        '- name: replicaCount',
        '- name: constructor',
      ),
      'spec.parameters[0].name',
    ],
    [
      'a label key __proto__',
      bundleYaml('podinfo').replace(
        'metadata:\n',
        'metadata:\n  labels:\n    __proto__: x\n',
      ),
      'metadata.labels.__proto__',
    ],
    [
      'an annotation key prototype',
      bundleYaml('podinfo').replace(
        'metadata:\n',
        'metadata:\n  annotations:\n    prototype: x\n',
      ),
      'metadata.annotations.prototype',
    ],
  ])(
    'a bundle with %s: 400 at the key, and no pollution',
    async (_, yaml, field) => {
      const res = await send('post', '/bundles?dryRun=true', yaml);
      expect(res.status).toBe(400);
      expect(res.body.problems).toEqual(
        expect.arrayContaining([expect.objectContaining({ field })]),
      );
    },
  );

  it('values keyed __proto__ in a cluster (JSON body): 400, and the next valid dry run passes', async () => {
    const res = await send('post', '/clusters?dryRun=true', {
      apiVersion: 'core.arlon.io/v1',
      kind: 'Cluster',
      metadata: { name: 'qa-9' },
      spec: {
        clusterSpec: 'docker-dev',
        profiles: ['apps'],
        values: JSON.parse('{"__proto__": {"polluted": true}}'),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.problems[0].field).toBe('spec.values.__proto__');
    await send('post', '/clusters?dryRun=true', clusterYaml('qa-9')).expect(
      200,
    );
  });

  it.each([
    [
      'path',
      {
        path: 'x"\n  destination:\n    server: https://kubernetes.default.svc\n#',
      },
    ],
    ['path', { path: '{{ .server }}' }],
    ['path', { path: '../../etc' }],
    ['revision', { revision: 'main"\nproject: default' }],
    ['revision', { revision: '}}{{' }],
    [
      'repoUrl',
      {
        repoUrl:
          'https://x.example.com/a.git"\n  server: https://kubernetes.default.svc',
      },
    ],
    ['repoUrl', { repoUrl: 'https://x.example.com/{{.server}}.git' }],
  ])(
    'an injection payload in a Git bundle’s %s: 400 at the field',
    async (field, git) => {
      const res = await send(
        'post',
        '/bundles?dryRun=true',
        bundleYaml('podinfo', git),
      );
      expect(res.status).toBe(400);
      expect(res.body.problems[0]).toEqual(
        expect.objectContaining({
          file: 'arlon/bundles/podinfo.yaml',
          field: `spec.source.git.${field}`,
        }),
      );
    },
  );

  it('after all of that, a valid bundle is created, and its dry run lists only safe paths', async () => {
    const dry = await send(
      'post',
      '/bundles?dryRun=true',
      bundleYaml('podinfo'),
    ).expect(200);
    for (const f of dry.body.files)
      expect(f.path).toMatch(
        /^(arlon\/bundles\/podinfo\.yaml|generated\/[a-z0-9/.-]+)$/,
      );
    await send('post', '/bundles', bundleYaml('podinfo')).expect(201);
    before = await head(); // the one commit this case means to make
  });
});
