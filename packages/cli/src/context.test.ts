import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { KubeApiServer, kubeconfigYaml } from '@arlon-backstage/arlon-sandbox';
import { parse } from 'yaml';
import { EXAMPLE, run } from './__testUtils__/run';

/** `arlon context add|use|list|remove`, and the commands that use the current context (ARLON-164). */
describe('arlon context', () => {
  let server: KubeApiServer;
  let dir: string;
  let file: string;
  const saved = {
    KUBECONFIG: process.env.KUBECONFIG,
    ARLON_CONFIG: process.env.ARLON_CONFIG,
  };

  beforeAll(async () => {
    server = await KubeApiServer.start({ token: 't' });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'contexts-'));
    // Two kubeconfigs: the default one (KUBECONFIG) and another a context names.
    await fs.writeFile(
      path.join(dir, 'config'),
      kubeconfigYaml('dev-1', server.url, 't', server.caData),
    );
    await fs.writeFile(
      path.join(dir, 'other-config'),
      kubeconfigYaml('other', server.url, 't', server.caData),
    );
    process.env.KUBECONFIG = path.join(dir, 'config');
  });
  beforeEach(async () => {
    file = path.join(dir, `conf-${Math.random()}`, 'arlon', 'contexts.yaml');
    process.env.ARLON_CONFIG = file;
  });
  afterAll(async () => {
    process.env.KUBECONFIG = saved.KUBECONFIG;
    process.env.ARLON_CONFIG = saved.ARLON_CONFIG;
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const add = (name: string, ...more: string[]) =>
    run(
      'context',
      'add',
      name,
      '--kube-context',
      'dev-1',
      '--fleet',
      EXAMPLE,
      ...more,
    );

  it('adds, lists, uses and removes contexts in a 0600 file of its own', async () => {
    expect(await add('dev', '--management-cluster', 'prod')).toEqual({
      code: 0,
      out: '',
      err: `Added context dev in ${file}; arlon context use dev makes it current\n`,
    });
    expect(
      (
        await run(
          'context',
          'add',
          'git',
          '--kube-context',
          'other',
          '--kubeconfig',
          path.join(dir, 'other-config'),
          '--fleet',
          'https://git.example.com/fleet.git',
        )
      ).code,
    ).toBe(0);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect((await fs.stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(parse(await fs.readFile(file, 'utf8'))).toEqual({
      contexts: {
        dev: {
          kubeContext: 'dev-1',
          fleet: EXAMPLE,
          managementCluster: 'prod',
        },
        git: {
          kubeContext: 'other',
          kubeconfig: path.join(dir, 'other-config'),
          fleet: 'https://git.example.com/fleet.git',
        },
      },
    });

    expect(await run('context', 'use', 'dev')).toEqual({
      code: 0,
      out: '',
      err: 'Switched to context dev\n',
    });
    const listed = await run('context', 'list');
    expect(listed.out.split('\n').map(l => l.split(/ {2,}/))).toEqual([
      ['CURRENT', 'NAME', 'KUBE-CONTEXT', 'FLEET', 'MANAGEMENT-CLUSTER'],
      ['*', 'dev', 'dev-1', EXAMPLE, 'prod'],
      ['', 'git', 'other', 'https://git.example.com/fleet.git'],
      [''],
    ]);
    expect(
      JSON.parse((await run('context', 'list', '--output', 'json')).out),
    ).toEqual({
      current: 'dev',
      contexts: [
        {
          name: 'dev',
          kubeContext: 'dev-1',
          fleet: EXAMPLE,
          managementCluster: 'prod',
        },
        {
          name: 'git',
          kubeContext: 'other',
          kubeconfig: path.join(dir, 'other-config'),
          fleet: 'https://git.example.com/fleet.git',
        },
      ],
    });

    expect(await run('context', 'remove', 'dev')).toEqual({
      code: 0,
      out: '',
      err: 'Removed context dev; it was the current one, so there is none now: arlon context use <name> chooses another\n',
    });
    expect(parse(await fs.readFile(file, 'utf8')).current).toBeUndefined();
    // No temporary files left beside it.
    expect(await fs.readdir(path.dirname(file))).toEqual(['contexts.yaml']);
  });

  it('add replaces a context of the same name and keeps it current', async () => {
    await add('dev');
    await run('context', 'use', 'dev');
    const again = await add('dev', '--management-cluster', 'east');
    expect(again.err).toBe(`Updated context dev in ${file}\n`);
    expect(parse(await fs.readFile(file, 'utf8'))).toMatchObject({
      current: 'dev',
      contexts: { dev: { managementCluster: 'east' } },
    });
  });

  it('list with no file lists nothing', async () => {
    expect(await run('context', 'list')).toEqual({
      code: 0,
      out: 'CURRENT   NAME   KUBE-CONTEXT   FLEET   MANAGEMENT-CLUSTER\n',
      err: '',
    });
  });

  it('preflight and snapshot without --context use the current context, its fleet, and say so', async () => {
    await add('dev');
    await run('context', 'use', 'dev');
    const said = `arlon context dev: kubeconfig context dev-1 (${server.url}), fleet ${EXAMPLE}\n`;
    const preflight = await run(
      'preflight',
      'readonly-rbac',
      '--color',
      'never',
    );
    expect(preflight.err).toBe(said);
    expect(preflight.code).toBe(1);
    expect(preflight.out).toContain(
      '=== context dev-1 → bundle readonly-rbac (server-side dry-run apply)',
    );
    const snapshot = await run('snapshot', 'readonly-rbac');
    expect(snapshot.err).toBe(said);
    expect(snapshot.code).toBe(0);
    expect(snapshot.out).toMatch(
      /^# arlon snapshot of bundle readonly-rbac on context dev-1,/,
    );
  });

  it('--context names an arlon context when no kubeconfig context has that name, with its own kubeconfig', async () => {
    await run(
      'context',
      'add',
      'elsewhere',
      '--kube-context',
      'other',
      '--kubeconfig',
      path.join(dir, 'other-config'),
      '--fleet',
      EXAMPLE,
    );
    const result = await run(
      'preflight',
      'readonly-rbac',
      '--context',
      'elsewhere',
      '--output',
      'json',
    );
    expect(result.err).toBe(
      `arlon context elsewhere: kubeconfig context other (${server.url}), fleet ${EXAMPLE}\n`,
    );
    expect(JSON.parse(result.out).left).toEqual({
      kind: 'context',
      name: 'other',
    });
  });

  it('a name that is both a kubeconfig context and an arlon context means the kubeconfig context, with a warning', async () => {
    await run(
      'context',
      'add',
      'dev-1',
      '--kube-context',
      'other',
      '--kubeconfig',
      path.join(dir, 'other-config'),
      '--fleet',
      EXAMPLE,
    );
    const result = await run(
      'preflight',
      'readonly-rbac',
      '--context',
      'dev-1',
      '--fleet',
      EXAMPLE,
      '--output',
      'json',
    );
    expect(result.err).toBe(
      'warning: "dev-1" is a kubeconfig context and an arlon context; --context means the kubeconfig context. Use the arlon context with arlon context use dev-1 and no --context, or rename one\n',
    );
    expect(JSON.parse(result.out).left).toEqual({
      kind: 'context',
      name: 'dev-1',
    });
  });

  it('diff: context: alone is the current context, context:<arlon context> its cluster', async () => {
    await add('dev');
    await run('context', 'use', 'dev');
    const manifests = path.join(EXAMPLE, 'bundles/readonly-rbac');
    const current = await run(
      'diff',
      'context:',
      manifests,
      '--output',
      'json',
    );
    expect(current.err).toBe(
      `arlon context dev: kubeconfig context dev-1 (${server.url}), fleet ${EXAMPLE}\n`,
    );
    expect(JSON.parse(current.out).left).toEqual({
      kind: 'context',
      name: 'dev-1',
    });
    const named = await run(
      'diff',
      'context:dev',
      manifests,
      '--output',
      'json',
    );
    expect(JSON.parse(named.out).left).toEqual({
      kind: 'context',
      name: 'dev-1',
    });
  });

  it('without a current context, commands ask for --context as before', async () => {
    await add('dev');
    const preflight = await run('preflight', 'readonly-rbac');
    expect(preflight.code).toBe(2);
    expect(preflight.err).toMatch(
      /^preflight needs a bundle or profile and --context <name> \(or a current arlon context\)/,
    );
    const diff = await run('diff', 'context:', EXAMPLE);
    expect(diff.code).toBe(2);
    expect(diff.err).toMatch(
      /context: without a name is the current arlon context, and there is none/,
    );
  });

  it("validate and bootstrap without [dir] or --context read the current context's fleet and cluster", async () => {
    await add('dev');
    await run('context', 'use', 'dev');
    const validate = await run('validate');
    // The cluster serves no Cluster API kind: proof the check ran on it, for the example fleet.
    expect(validate.err).toContain(
      `arlon context dev: kubeconfig context dev-1`,
    );
    expect(validate.code).toBe(1);
    expect(validate.err).toContain(
      `${EXAMPLE}/arlon/clusters/dev-local.yaml:9:3: Management cluster dev-1 does not serve ClusterClass`,
    );
    const bootstrap = await run('bootstrap', '--dry-run');
    expect(bootstrap.out).toMatch(/^Management cluster dev-1:/);
    expect(bootstrap.out).toMatch(/ArgoCD/);
  });
});
