import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { KubeApiServer, kubeconfigYaml } from '@arlon-backstage/arlon-sandbox';
import { parse } from 'yaml';
import { EXAMPLE, run } from './__testUtils__/run';

/** `arlon snapshot`'s inputs from outside: names, kubeconfigs, the output path. */
describe('arlon snapshot, hostile input', () => {
  let server: KubeApiServer;
  let dir: string;
  let out: string;
  const saved = process.env.KUBECONFIG;

  /** A kubeconfig for context `dev` (the test server), edited by `change`, as KUBECONFIG. */
  async function kubeconfig(change: (config: any) => void = () => {}) {
    const config = parse(kubeconfigYaml('dev', server.url, 't', server.caData));
    change(config);
    await fs.writeFile(path.join(dir, 'config'), JSON.stringify(config));
  }
  /** Runs a snapshot of readonly-rbac on `context` into `out`. */
  const snapshot = (context = 'dev', what = 'readonly-rbac') =>
    run('snapshot', what, '--context', context, '--fleet', EXAMPLE, '-o', out);
  async function expectNothingWritten() {
    await expect(fs.access(out)).rejects.toThrow();
    await expect(fs.access(path.join(dir, 'ran'))).rejects.toThrow();
    expect(({} as any).polluted).toBeUndefined();
  }

  beforeAll(async () => {
    server = await KubeApiServer.start({ token: 't' });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'snapshot-hostile-'));
    out = path.join(dir, 'snap.yaml');
    process.env.KUBECONFIG = path.join(dir, 'config');
  });
  beforeEach(async () => {
    await fs.rm(out, { force: true });
    await kubeconfig();
  });
  afterAll(async () => {
    process.env.KUBECONFIG = saved;
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('an unknown bundle or profile', async () => {
    const { code, err } = await snapshot('dev', 'nope');
    expect(code).toBe(1);
    expect(err).toBe(
      `arlon: there is no valid bundle or profile named nope in ${EXAMPLE}\n`,
    );
    await expectNothingWritten();
  });

  it('a name that climbs out of the fleet', async () => {
    const { code, err } = await snapshot('dev', 'bundle/../../etc/passwd');
    expect(code).toBe(1);
    expect(err).toContain('arlon: the bundle name "../../etc/passwd"');
    await expectNothingWritten();
  });

  it('no --context', async () => {
    const { code, err } = await run('snapshot', 'readonly-rbac');
    expect(code).toBe(2);
    expect(err).toContain('snapshot needs a bundle or profile and --context');
  });

  it('an unreachable cluster: a clear error from the code, nothing written', async () => {
    const closed = net.createServer();
    await new Promise<void>(r => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise(r => closed.close(r));
    await kubeconfig(c => {
      c.clusters[0].cluster.server = `https://127.0.0.1:${port}`;
    });
    const { code, err } = await snapshot();
    expect(code).toBe(1);
    expect(err).toBe(
      `arlon: cannot read bundle readonly-rbac's objects from context dev (https://127.0.0.1:${port}): ECONNREFUSED. Check that the cluster is up and that the context's user may list these kinds\n`,
    );
    await expectNothingWritten();
  });

  it("a token the cluster refuses: the status, never the server's words", async () => {
    await kubeconfig(c => {
      c.users[0].user.token = 'wrong';
    });
    const { code, err } = await snapshot();
    expect(code).toBe(1);
    expect(err).toContain('the API server answered 401.');
    await expectNothingWritten();
  });

  it('an exec plugin in the chosen context is refused, never run', async () => {
    await kubeconfig(c => {
      c.users[0].user = {
        exec: {
          apiVersion: 'client.authentication.k8s.io/v1',
          command: 'touch',
          args: [path.join(dir, 'ran')],
        },
      };
    });
    const { code, err } = await snapshot();
    expect(code).toBe(1);
    expect(err).toContain(
      `arlon: context "dev" in ${path.join(
        dir,
        'config',
      )}: kubeconfig users[0].user.exec: runs a command`,
    );
    expect(err).toContain('inline client certificate');
    // The portal's parser speaks of the portal; here it is this machine.
    expect(err).toContain('runs a command on this machine');
    expect(err).not.toContain('portal');
    await expectNothingWritten();
  });

  it.each([
    [
      'auth-provider',
      { 'auth-provider': { name: 'gcp', config: { 'cmd-path': 'touch' } } },
    ],
    ['tokenFile', { tokenFile: '/etc/shadow' }],
    [
      'client-certificate',
      { 'client-certificate': '/x.crt', 'client-key': '/x.key' },
    ],
    ['username', { username: 'u', password: 'p' }],
  ])('a user with %s is refused naming the field', async (field, user) => {
    await kubeconfig(c => {
      c.users[0].user = user;
    });
    const { code, err } = await snapshot();
    expect(code).toBe(1);
    expect(err).toContain(`users[0].user.${field}`);
    await expectNothingWritten();
  });

  it('insecure-skip-tls-verify and a plain http server are refused', async () => {
    await kubeconfig(c => {
      c.clusters[0].cluster['insecure-skip-tls-verify'] = true;
    });
    expect((await snapshot()).err).toContain(
      'clusters[0].cluster.insecure-skip-tls-verify',
    );
    await kubeconfig(c => {
      c.clusters[0].cluster.server = server.url.replace('https:', 'http:');
    });
    expect((await snapshot()).err).toContain('over https only');
    await expectNothingWritten();
  });

  it('a __proto__ key in the user is refused and pollutes nothing', async () => {
    await fs.writeFile(
      path.join(dir, 'config'),
      kubeconfigYaml('dev', server.url, 't', server.caData).replace(
        /token: (.*)/,
        'token: $1\n    __proto__: {polluted: yes}',
      ),
    );
    const { code, err } = await snapshot();
    expect(code).toBe(1);
    expect(err).toContain('__proto__');
    await expectNothingWritten();
  });

  it.each(['__proto__', 'constructor', 'toString'])(
    'a context named %s that the kubeconfig does not have',
    async context => {
      const { code, err } = await snapshot(context);
      expect(code).toBe(1);
      expect(err).toContain(`there is no context "${context}"`);
      expect(err).toContain('contexts: dev)');
      await expectNothingWritten();
    },
  );

  it('a kubeconfig that is not YAML names the file', async () => {
    await fs.writeFile(path.join(dir, 'config'), 'clusters: [\n  - {');
    const { code, err } = await snapshot();
    expect(code).toBe(1);
    expect(err).toContain(
      `arlon: ${path.join(dir, 'config')} is not a kubeconfig YAML file`,
    );
    await expectNothingWritten();
  });

  it('a kubeconfig built of aliases (a billion laughs) is refused before it grows', async () => {
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++)
      laughs.push(
        `${'b'.repeat(i)}: &${'b'.repeat(i)} [${Array(10)
          .fill(i === 1 ? '*a' : `*${'b'.repeat(i - 1)}`)
          .join(', ')}]`,
      );
    await fs.writeFile(
      path.join(dir, 'config'),
      `${laughs.join(
        '\n',
      )}\ncontexts: [{name: dev, context: {cluster: *bbbbbbbb}}]\n`,
    );
    const { code, err } = await snapshot();
    expect(code).toBe(1);
    expect(err).toContain('is not a kubeconfig YAML file');
    await expectNothingWritten();
  });

  it('a huge token is refused by size', async () => {
    await kubeconfig(c => {
      c.users[0].user.token = 'x'.repeat(70 * 1024);
    });
    const { code, err } = await snapshot();
    expect(code).toBe(1);
    expect(err).toContain('larger than 64 KiB');
    await expectNothingWritten();
  });

  it('an output path that exists as a dangling symlink is not followed', async () => {
    const target = path.join(dir, 'elsewhere.yaml');
    await fs.symlink(target, out);
    const { code, err } = await snapshot();
    expect(code).toBe(1);
    expect(err).toContain('exists: give another -o file, or --force');
    await expect(fs.access(target)).rejects.toThrow();
    await fs.rm(out);
  });

  it('an output path that exists is refused before the cluster is read', async () => {
    await fs.writeFile(out, 'keep\n');
    // An unreachable server would fail later: the refusal comes first.
    await kubeconfig(c => {
      c.clusters[0].cluster.server = 'https://127.0.0.1:1';
    });
    const { code, err } = await snapshot();
    expect(code).toBe(1);
    expect(err).toBe(
      `arlon: ${out} exists: give another -o file, or --force to replace it\n`,
    );
    expect(await fs.readFile(out, 'utf8')).toBe('keep\n');
  });
});
