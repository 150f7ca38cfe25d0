import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EXAMPLE, run } from './__testUtils__/run';

/** `--capi-version` is a closed set: anything else is refused (exit 2) before a file is read or written. */
describe('--capi-version, hostile values', () => {
  let out: string;
  beforeEach(async () => {
    out = await fs.mkdtemp(path.join(os.tmpdir(), 'out-'));
  });
  afterEach(() => fs.rm(out, { recursive: true, force: true }));

  const render = (value: string) =>
    run(
      'render',
      EXAMPLE,
      '--out',
      out,
      '--repo-url',
      'https://git.example.com/fleet.git',
      '--capi-version',
      value,
    );

  it('a version Cluster API never had', async () => {
    const { code, err } = await render('v1alpha9');
    expect(code).toBe(2);
    expect(err).toContain('--capi-version must be v1beta2 or v1beta1');
    expect(err).toContain('"v1alpha9"');
    expect(await fs.readdir(out)).toEqual([]);
  });

  it('a full apiVersion instead of a version', async () => {
    const { code, err } = await render('cluster.x-k8s.io/v1beta2');
    expect(code).toBe(2);
    expect(err).toContain('--capi-version must be');
    expect(await fs.readdir(out)).toEqual([]);
  });

  it('a template string, which would reach generated YAML', async () => {
    const { code, err } = await render('{{ .name }}');
    expect(code).toBe(2);
    expect(err).toContain('--capi-version must be');
    expect(await fs.readdir(out)).toEqual([]);
  });

  it('an empty value', async () => {
    const { code } = await render('');
    expect(code).toBe(2);
    expect(await fs.readdir(out)).toEqual([]);
  });

  it('regenerate with a hostile value leaves generated/ untouched', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleet-'));
    await fs.cp(EXAMPLE, dir, { recursive: true });
    const bootstrap = path.join(dir, 'generated/bootstrap/arlon-fleet.yaml');
    const before = await fs.readFile(bootstrap, 'utf8');
    const { code, err } = await run(
      'regenerate',
      dir,
      '--capi-version',
      'v1beta3',
    );
    expect(code).toBe(2);
    expect(err).toContain('--capi-version must be');
    expect(await fs.readFile(bootstrap, 'utf8')).toBe(before);
    await fs.rm(dir, { recursive: true });
  });
});
