import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { KubeConfig, VersionApi } from '@kubernetes/client-node';
import { httpsRequest } from './__testUtils__/httpsRequest';
import { Sandbox } from './Sandbox';

const run = promisify(execFile);

function clientFor(url: string, token: string) {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'sandbox', server: url, skipTLSVerify: true }],
    users: [{ name: 'arlon', token }],
    contexts: [{ name: 'sandbox', cluster: 'sandbox', user: 'arlon' }],
    currentContext: 'sandbox',
  });
  return kc.makeApiClient(VersionApi);
}

describe('Sandbox', () => {
  let seedDir: string;
  let sandbox: Sandbox;
  let scratch: string;

  beforeAll(async () => {
    seedDir = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-'));
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'scratch-'));
    await fs.mkdir(path.join(seedDir, 'arlon', 'bundles'), { recursive: true });
    await fs.writeFile(
      path.join(seedDir, 'arlon', 'bundles', 'guestbook.yaml'),
      'kind: Bundle\n',
    );
    sandbox = await Sandbox.start({ token: 's3cret', fleetSeedDir: seedDir });
  });

  afterAll(async () => {
    await sandbox.stop();
    await fs.rm(seedDir, { recursive: true, force: true });
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('answers /version to a client-node client that carries the token', async () => {
    const version = await clientFor(sandbox.apiServer.url, 's3cret').getCode();
    expect(version.gitVersion).toBe('v1.31.0-arlon-sandbox');
  });

  it('refuses a wrong token with a 401 Status', async () => {
    const res = await httpsRequest(`${sandbox.apiServer.url}/version`, 'wrong');
    expect(res.status).toBe(401);
    expect(res.json()).toMatchObject({ kind: 'Status', code: 401 });
  });

  it('serves the seeded fleet repository over smart HTTP, and takes pushes', async () => {
    const clone = path.join(scratch, 'clone');
    await run('git', ['clone', '-q', sandbox.fleetRepoUrl, clone]);
    expect(
      await fs.readFile(
        path.join(clone, 'arlon', 'bundles', 'guestbook.yaml'),
        'utf8',
      ),
    ).toBe('kind: Bundle\n');

    await fs.writeFile(path.join(clone, 'added.txt'), 'hello\n');
    const who = ['-c', 'user.name=t', '-c', 'user.email=t@example.com'];
    await run('git', ['-C', clone, 'add', 'added.txt']);
    await run('git', ['-C', clone, ...who, 'commit', '-q', '-m', 'add']);
    await run('git', ['-C', clone, 'push', '-q', 'origin', 'main']);

    const { stdout } = await run('git', [
      'ls-remote',
      sandbox.fleetRepoUrl,
      'refs/heads/main',
    ]);
    const { stdout: local } = await run('git', [
      '-C',
      clone,
      'rev-parse',
      'HEAD',
    ]);
    expect(stdout.split('\t')[0]).toBe(local.trim());
  });

  it('stops cleanly: the API server no longer answers', async () => {
    const other = await Sandbox.start({ token: 't', fleetSeedDir: seedDir });
    const url = other.apiServer.url;
    await other.stop();
    await expect(httpsRequest(`${url}/version`, 't')).rejects.toThrow();
  });
});
