import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Sandbox } from '../Sandbox';

const run = promisify(execFile);

async function hasKubectl(): Promise<boolean> {
  return run('kubectl', ['version', '--client']).then(
    () => true,
    () => false,
  );
}

/** The machine's real kubectl against the sandbox, with the kubeconfig the sandbox writes. */
describe('kubectl against the sandbox', () => {
  let sandbox: Sandbox;
  let env: NodeJS.ProcessEnv;
  let dir: string;
  let available = false;

  const kubectl = async (...args: string[]) =>
    (await run('kubectl', args, { env })).stdout;

  beforeAll(async () => {
    available = await hasKubectl();
    if (!available) {
      // eslint-disable-next-line no-console
      console.warn(
        'kubectl is not on PATH: these checks need the machine image kubectl',
      );
      return;
    }
    sandbox = await Sandbox.start({ provisioningDelayMs: 100 });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kubectl-'));
    env = { ...process.env, KUBECONFIG: sandbox.kubeconfigPath, HOME: dir };
  });
  afterAll(async () => {
    if (!available) return;
    await sandbox.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('gets, applies, patches, watches and deletes', async () => {
    expect(available).toBe(true);
    expect(await kubectl('get', 'namespaces', '-o', 'name')).toContain(
      'namespace/argocd',
    );

    const file = path.join(dir, 'cm.yaml');
    await fs.writeFile(
      file,
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: demo\n  namespace: default\ndata:\n  a: "1"\n',
    );
    expect(await kubectl('apply', '-f', file)).toBe('configmap/demo created\n');
    expect(await kubectl('apply', '-f', file)).toBe(
      'configmap/demo unchanged\n',
    );
    expect(
      await kubectl('patch', 'configmap', 'demo', '-p', '{"data":{"b":"2"}}'),
    ).toBe('configmap/demo patched\n');
    expect(
      JSON.parse(await kubectl('get', 'configmap', 'demo', '-o', 'json')).data,
    ).toEqual({ a: '1', b: '2' });

    // `get -w` prints the existing object, then each change.
    const watcher = spawn(
      'kubectl',
      ['get', 'configmaps', '-w', '-o', 'name'],
      { env },
    );
    let watched = '';
    watcher.stdout.on('data', chunk => (watched += chunk));
    await waitFor(() => watched.includes('configmap/demo'));
    await kubectl('create', 'configmap', 'later', '--from-literal=x=1');
    await waitFor(() => watched.includes('configmap/later'));
    watcher.kill();

    expect(await kubectl('delete', 'configmap', 'demo')).toBe(
      'configmap "demo" deleted\n',
    );
    await expect(kubectl('get', 'configmap', 'demo')).rejects.toMatchObject({
      stderr: expect.stringContaining('configmaps "demo" not found'),
    });
  });

  it('applies a CAPI Cluster that the simulated CAPI provisions', async () => {
    expect(available).toBe(true);
    const file = path.join(dir, 'cluster.yaml');
    await fs.writeFile(
      file,
      'apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: k1\n  namespace: default\nspec: {}\n',
    );
    await kubectl('apply', '-f', file);
    await waitFor(
      async () =>
        (await kubectl(
          'get',
          'clusters.cluster.x-k8s.io',
          'k1',
          '-o',
          'jsonpath={.status.phase}',
        )) === 'Provisioned',
    );
    expect(
      await kubectl('get', 'secret', 'k1-kubeconfig', '-o', 'jsonpath={.type}'),
    ).toBe('cluster.x-k8s.io/secret');
  });
});

async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise(r => setTimeout(r, 50));
  }
}
