import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ApiextensionsV1Api,
  KubernetesObjectApi,
} from '@kubernetes/client-node';
import {
  KubeApiServer,
  kubeConfigFor,
  kubeconfigYaml,
  sandboxCrds,
} from '@arlon-backstage/arlon-sandbox';
import { parse } from 'yaml';
import { EXAMPLE, run } from './__testUtils__/run';

const CONFIG_V1 = `apiVersion: v1
kind: ConfigMap
metadata: {name: settings}
data: {LOG_LEVEL: info, WORKERS: "4"}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  template:
    spec:
      containers:
        - name: web
          image: nginx:1.25
          resources: {requests: {cpu: 100m}}
`;

describe('arlon diff over files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'diff-'));
    await fs.mkdir(path.join(dir, 'v1'));
    await fs.mkdir(path.join(dir, 'v2'));
    await fs.writeFile(path.join(dir, 'v1/app.yaml'), CONFIG_V1);
    await fs.writeFile(
      path.join(dir, 'v2/app.yaml'),
      CONFIG_V1.replace('nginx:1.25', 'nginx:1.27').replace('100m', '0.1'),
    );
    await fs.writeFile(
      path.join(dir, 'v2/extra.yaml'),
      'apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec: {ports: [{port: 80}]}\n',
    );
  });

  it('exits 0 when equal', async () => {
    const { code, out } = await run('diff', `${dir}/v1`, `${dir}/v1/app.yaml`);
    expect(code).toBe(0);
    expect(out).toMatch(
      /: 0 to create, 0 to update, 0 to delete, 2 unchanged\n$/,
    );
  });

  it('exits 1 and shows each changed object with its unified diff, equal quantities not counted', async () => {
    const { code, out } = await run(
      'diff',
      `${dir}/v1`,
      `${dir}/v2`,
      '--color',
      'never',
    );
    expect(code).toBe(1);
    expect(out).toContain('update apps/Deployment default/web');
    expect(out).toContain(
      '-          image: nginx:1.25\n+          image: nginx:1.27',
    );
    // 100m and 0.1 are the same quantity: context, not a change.
    expect(out).toMatch(/\n +cpu: 0\.1\n/);
    expect(out).not.toContain('cpu: 100m');
    expect(out).toContain('create Service default/web');
    expect(out).toMatch(
      /1 to create, 1 to update, 0 to delete, 1 unchanged\n$/,
    );
    expect(out).not.toContain('\x1b[');
  });

  it('colours additions and removals when asked', async () => {
    const { out } = await run(
      'diff',
      `${dir}/v1`,
      `${dir}/v2`,
      '--color',
      'always',
    );
    expect(out).toContain('\x1b[32m+          image: nginx:1.27\x1b[0m');
    expect(out).toContain('\x1b[31m-          image: nginx:1.25\x1b[0m');
  });

  it('prints the report as JSON the portal can import, and saves it', async () => {
    const saved = path.join(dir, 'report.json');
    const { code, out } = await run(
      'diff',
      `${dir}/v1`,
      `${dir}/v2`,
      '--output',
      'json',
      '--save',
      saved,
    );
    expect(code).toBe(1);
    const report = JSON.parse(out);
    expect(report).toMatchObject({
      apiVersion: 'arlon.io/v1',
      kind: 'DiffReport',
      left: { kind: 'files', name: `${dir}/v1` },
      summary: { create: 1, update: 1, delete: 0, unchanged: 1 },
    });
    expect(JSON.parse(await fs.readFile(saved, 'utf8'))).toEqual(report);
    const again = await run('preflight', '-f', saved, '--color', 'never');
    expect(again.code).toBe(1);
    expect(again.out).toContain('+          image: nginx:1.27');
  });

  it('exits 2 with the file and line of YAML that does not parse', async () => {
    await fs.writeFile(
      path.join(dir, 'broken.yaml'),
      'kind: ConfigMap\nmetadata: {name: x\n',
    );
    const { code, err } = await run('diff', `${dir}/v1`, `${dir}/broken.yaml`);
    expect(code).toBe(2);
    expect(err).toMatch(new RegExp(`^arlon: ${dir}/broken.yaml:\\d+: `));
    expect((await run('diff', `${dir}/v1`)).code).toBe(2);
    expect((await run('diff', `${dir}/v1`, `${dir}/nope`)).err).toBe(
      `no such file or directory: ${dir}/nope\n`,
    );
  });

  it('compares a manifest whose kind is a mapping with no text (found by fuzzing) instead of failing', async () => {
    // `kind: {toString: ""}` used to stop the namespace lookup with
    // "Cannot convert object to primitive value" (exit 2).
    await fs.writeFile(
      path.join(dir, 'odd.yaml'),
      'kind:\n  toString: ""\nmetadata:\n  name: odd\n',
    );
    const { code, out, err } = await run(
      'diff',
      `${dir}/odd.yaml`,
      `${dir}/odd.yaml`,
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/1 unchanged\n$/);
  });
});

describe('arlon diff and preflight against a live cluster', () => {
  let server: KubeApiServer;
  let dir: string;
  const saved = process.env.KUBECONFIG;

  beforeAll(async () => {
    server = await KubeApiServer.start({ token: 't' });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'preflight-'));
    const kubeconfig = path.join(dir, 'config');
    await fs.writeFile(
      kubeconfig,
      kubeconfigYaml('dev-1', server.url, 't', server.caData),
    );
    process.env.KUBECONFIG = kubeconfig;
  });
  afterAll(async () => {
    process.env.KUBECONFIG = saved;
    await server.stop();
  });

  it('pre-flights an unapplied bundle of the fleet as creates, then reports the one rule changed live', async () => {
    const first = await run(
      'preflight',
      'readonly-rbac',
      '--context',
      'dev-1',
      '--fleet',
      EXAMPLE,
      '--color',
      'never',
    );
    expect(first.code).toBe(1);
    expect(first.out).toContain(
      '=== context dev-1 → bundle readonly-rbac (server-side dry-run apply)',
    );
    expect(first.out).toMatch(
      /2 to create, 0 to update, 0 to delete, 0 unchanged\n$/,
    );

    const api = KubernetesObjectApi.makeApiClient(
      kubeConfigFor(server.url, 't', server.caData),
    );
    const role = (
      await fs.readFile(
        path.join(EXAMPLE, 'bundles/readonly-rbac/clusterrole.yaml'),
        'utf8',
      )
    )
      .split('\n---\n')
      .map(doc => parse(doc));
    for (const o of role) await api.create(o);
    const equal = await run(
      'preflight',
      'bundle/readonly-rbac',
      '--context',
      'dev-1',
      '--fleet',
      EXAMPLE,
    );
    expect(equal.code).toBe(0);

    await api.patch(
      {
        ...role[0],
        // A merge patch replaces the whole list: the other rules stay as they are.
        rules: [
          { ...role[0].rules[0], verbs: ['get', 'list', 'watch', 'delete'] },
          ...role[0].rules.slice(1),
        ],
      },
      undefined,
      undefined,
      'someone',
      undefined,
      'application/merge-patch+json',
    );
    const changed = await run(
      'preflight',
      'readonly-rbac',
      '--context',
      'dev-1',
      '--fleet',
      EXAMPLE,
      '--output',
      'json',
    );
    expect(changed.code).toBe(1);
    const report = JSON.parse(changed.out);
    expect(
      report.sections[0].objects
        .filter((o: any) => o.action === 'update')
        .map((o: any) => [o.name, o.changes]),
    ).toEqual([
      [
        'arlon-readonly',
        [
          {
            path: 'rules[0].verbs',
            kind: 'changed',
            from: ['get', 'list', 'watch', 'delete'],
            to: ['get', 'list', 'watch'],
          },
        ],
      ],
    ]);

    const fileVsLive = await run(
      'diff',
      'context:dev-1',
      path.join(EXAMPLE, 'bundles/readonly-rbac'),
      '--client-side',
      '--output',
      'json',
    );
    expect(JSON.parse(fileVsLive.out).sections[0]).toMatchObject({
      method: 'client-side',
      summary: { update: 1, unchanged: 1 },
    });
  });

  it('validates the fleet against a management cluster: without Cluster API every built cluster is a problem; once installed, valid', async () => {
    const before = await run('validate', EXAMPLE, '--context', 'dev-1');
    expect(before.code).toBe(1);
    expect(before.err).toContain(
      `${EXAMPLE}/arlon/clusters/prod-us-west.yaml:`,
    );
    expect(before.err).toContain(
      'Management cluster dev-1 does not serve AWSManagedCluster (infrastructure.cluster.x-k8s.io/v1beta2)',
    );
    expect(before.err).toContain(
      'hint: Install the Amazon Web Services (CAPA) provider on it: clusterctl init --infrastructure aws',
    );
    // An imported cluster has no Cluster API manifests to check.
    expect(before.err).not.toContain('edge-imported');

    const extensions = kubeConfigFor(server.url, 't').makeApiClient(
      ApiextensionsV1Api,
    );
    for (const crd of sandboxCrds())
      await extensions.createCustomResourceDefinition({ body: crd });
    const after = await run('validate', EXAMPLE, '--context', 'dev-1');
    expect(after).toMatchObject({ code: 0, err: '' });
    expect(after.out).toContain(
      'dev-1 serves every Cluster API kind they need',
    );
  });

  it('exits 2 naming the contexts there are, and the problem with an unknown bundle', async () => {
    const noContext = await run(
      'preflight',
      'readonly-rbac',
      '--context',
      'prod',
      '--fleet',
      EXAMPLE,
    );
    expect(noContext).toMatchObject({
      code: 2,
      err: 'arlon: there is no context "prod" in your kubeconfig (contexts: dev-1)\n',
    });
    const unknown = await run(
      'preflight',
      'nope',
      '--context',
      'dev-1',
      '--fleet',
      EXAMPLE,
    );
    expect(unknown).toMatchObject({
      code: 2,
      err: `arlon: there is no valid bundle or profile named nope in ${EXAMPLE}\n`,
    });
    const live = await run('diff', 'context:dev-1', 'context:dev-1');
    expect(live.err).toBe(
      'arlon: comparing two live clusters needs --scope <file-or-dir>: the manifests naming the objects to compare\n',
    );
  });
});
