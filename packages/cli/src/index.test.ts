import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { EXAMPLE, run } from './__testUtils__/run';

/** A scratch copy of the example fleet, to break. */
async function copyOfExample(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleet-'));
  await fs.cp(EXAMPLE, dir, { recursive: true });
  return dir;
}

describe('arlon validate', () => {
  it('exits 0 on the example fleet and says what it found', async () => {
    const { code, out } = await run('validate', EXAMPLE);
    expect(code).toBe(0);
    expect(out).toBe(
      `${EXAMPLE}: valid (4 bundles, 2 profiles, 4 cluster specs, 4 clusters), generated/ is current\n`,
    );
  });

  it('exits 1 naming the file, line and field when one file is broken', async () => {
    const dir = await copyOfExample();
    const file = path.join(dir, 'arlon/clusterspecs/aws-eks.yaml');
    await fs.writeFile(
      file,
      (await fs.readFile(file, 'utf8')).replace('v1.29.4', 'v1.29'),
    );
    const { code, err } = await run('validate', dir);
    expect(code).toBe(1);
    expect(err).toContain(
      `${dir}/arlon/clusterspecs/aws-eks.yaml:9:3: spec.kubernetesVersion is not a Kubernetes version (spec.kubernetesVersion)\n    hint: Write the full version with a leading v, e.g. v1.29.4.`,
    );
    expect(err).toContain('1 problem in 1 file');
    await fs.rm(dir, { recursive: true });
  });

  it('prints JSON with --output json', async () => {
    const dir = await copyOfExample();
    await fs.writeFile(
      path.join(dir, 'arlon/profiles/apps.yaml'),
      'kind: Profile\napiVersion: core.arlon.io/v1\nmetadata: {name: apps}\nspec: {bundles: [nope]}\n',
    );
    const { code, out } = await run('validate', dir, '--output', 'json');
    expect(code).toBe(1);
    const body = JSON.parse(out);
    expect(body.valid).toBe(false);
    expect(body.problems).toContainEqual(
      expect.objectContaining({
        file: 'arlon/profiles/apps.yaml',
        line: 4,
        field: 'spec.bundles[0]',
        message: 'bundle "nope" does not exist',
      }),
    );
    await fs.rm(dir, { recursive: true });
  });

  it('says so when the directory does not exist', async () => {
    const { code, err } = await run('validate', '/no/such/fleet');
    expect(code).toBe(1);
    expect(err).toBe('no such directory: /no/such/fleet\n');
  });
});

describe('arlon render', () => {
  it('writes the same tree as the committed golden one, and again byte for byte', async () => {
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'out-'));
    const args = [
      'render',
      EXAMPLE,
      '--out',
      out,
      '--repo-url',
      'http://127.0.0.1:7080/fleet.git',
    ];
    expect((await run(...args)).code).toBe(0);
    const golden = path.join(
      EXAMPLE,
      'generated/argocd/profiles/infrastructure.yaml',
    );
    const written = path.join(
      out,
      'generated/argocd/profiles/infrastructure.yaml',
    );
    expect(await fs.readFile(written, 'utf8')).toBe(
      await fs.readFile(golden, 'utf8'),
    );
    const first = await fs.readFile(
      path.join(out, 'generated/clusters/dev-local/cluster.yaml'),
      'utf8',
    );
    await fs.writeFile(path.join(out, 'generated/stale.yaml'), 'left over\n');
    expect((await run(...args)).code).toBe(0);
    expect(
      await fs.readFile(
        path.join(out, 'generated/clusters/dev-local/cluster.yaml'),
        'utf8',
      ),
    ).toBe(first);
    await expect(
      fs.stat(path.join(out, 'generated/stale.yaml')),
    ).rejects.toThrow();
    await fs.rm(out, { recursive: true });
  });

  it('writes nothing when the fleet has problems', async () => {
    const dir = await copyOfExample();
    await fs.writeFile(
      path.join(dir, 'arlon/clusters/dev-local.yaml'),
      'kind: Cluster\n',
    );
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'out-'));
    const { code, err } = await run(
      'render',
      dir,
      '--out',
      out,
      '--repo-url',
      'https://git.example.com/fleet.git',
    );
    expect(code).toBe(1);
    expect(err).toContain('Nothing was rendered.');
    expect(await fs.readdir(out)).toEqual([]);
    await fs.rm(dir, { recursive: true });
    await fs.rm(out, { recursive: true });
  });

  it('asks for --out and --repo-url', async () => {
    expect(await run('render', EXAMPLE)).toMatchObject({
      code: 2,
      err: expect.stringContaining('render needs --out'),
    });
    expect(await run('render', EXAMPLE, '--out', '/tmp/x')).toMatchObject({
      code: 2,
      err: expect.stringContaining('render needs --repo-url'),
    });
  });
});

describe('arlon providers and usage', () => {
  it('lists all 17 providers as JSON, with what each type needs and the release checked', async () => {
    const { code, out } = await run('providers', '--output', 'json');
    expect(code).toBe(0);
    const rows = JSON.parse(out);
    expect(rows).toHaveLength(17);
    expect(rows[0]).toMatchObject({
      provider: 'aws',
      tier: 1,
      types: [
        { type: 'kubeadm', requires: ['region', 'sshKeyName', 'machineType'] },
        { type: 'eks', controlPlane: 'AWSManagedControlPlane' },
      ],
      upstream: {
        repository:
          'https://github.com/kubernetes-sigs/cluster-api-provider-aws',
        release: 'v2.11.1',
      },
    });
  });

  it('prints a table by default', async () => {
    const { out } = await run('providers');
    expect(out.split('\n')[0]).toMatch(
      /^PROVIDER\s+TIER\s+TYPES \(needs\)\s+INFRASTRUCTURE$/,
    );
    expect(out).toMatch(/^docker\s+1\s+kubeadm\s+DockerCluster/m);
  });

  it('refuses an unknown command or output format with exit 2', async () => {
    expect(await run('deploy')).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown command "deploy"'),
    });
    expect(await run('providers', '--output', 'yaml')).toMatchObject({
      code: 2,
      err: '--output must be json, not "yaml"\n',
    });
  });

  it('runs as the `arlon` bin, with its exit code', async () => {
    const bin = path.resolve(__dirname, '../bin/arlon');
    const { stdout } = await promisify(execFile)(process.execPath, [
      bin,
      'validate',
      EXAMPLE,
    ]);
    expect(stdout).toContain('valid (4 bundles');
    await expect(
      promisify(execFile)(process.execPath, [bin, 'validate', '/no/such']),
    ).rejects.toMatchObject({ code: 1 });
  });
});
