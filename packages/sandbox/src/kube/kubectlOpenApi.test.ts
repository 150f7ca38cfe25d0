import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Sandbox } from '../Sandbox';

const run = promisify(execFile);

const CLUSTER = (extra = '') => `apiVersion: cluster.x-k8s.io/v1beta2
kind: Cluster
metadata:
  name: demo
  namespace: default
spec:
  paused: true
${extra}`;

/**
 * The machine's real kubectl (1.31 and later) against the sandbox's OpenAPI
 * documents: `apply` with its default validation, which asks the server to
 * validate (fieldValidation=Strict) once /openapi/v3 says it can, and
 * `explain` on a custom resource, which reads the CRD's schema from there.
 */
describe('kubectl against the sandbox OpenAPI documents', () => {
  let sandbox: Sandbox;
  let env: NodeJS.ProcessEnv;
  let dir: string;

  const kubectl = async (...args: string[]) =>
    (await run('kubectl', args, { env })).stdout;
  const failure = (...args: string[]) =>
    run('kubectl', args, { env }).then(
      r => {
        throw new Error(`kubectl ${args.join(' ')} succeeded: ${r.stdout}`);
      },
      (e: any) => String(e.stderr),
    );
  const write = async (name: string, text: string) => {
    const file = path.join(dir, name);
    await fs.writeFile(file, text);
    return file;
  };

  beforeAll(async () => {
    sandbox = await Sandbox.start({ provisioningDelayMs: 100 });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kubectl-openapi-'));
    env = { ...process.env, KUBECONFIG: sandbox.kubeconfigPath, HOME: dir };
  });
  afterAll(async () => {
    await sandbox?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('applies with default validation, a custom resource and a built-in kind', async () => {
    const cluster = await write('cluster.yaml', CLUSTER());
    expect(await kubectl('apply', '-f', cluster)).toBe(
      'cluster.cluster.x-k8s.io/demo created\n',
    );
    const cm = await write(
      'cm.yaml',
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: demo\n  namespace: default\ndata:\n  a: "1"\n',
    );
    expect(await kubectl('apply', '-f', cm)).toBe('configmap/demo created\n');
    expect(await kubectl('apply', '-f', cm)).toBe('configmap/demo unchanged\n');
  });

  it('refuses an unknown field with default validation, and prunes it with --validate=false', async () => {
    const file = await write('bad.yaml', CLUSTER('  region: eu-west-1\n'));
    expect(await failure('apply', '-f', file)).toContain(
      'unknown field "spec.region"',
    );
    expect(await kubectl('apply', '--validate=false', '-f', file)).toMatch(
      /^cluster\.cluster\.x-k8s\.io\/demo (created|configured|unchanged)\n$/,
    );
    const live = JSON.parse(
      await kubectl('get', 'clusters.cluster.x-k8s.io', 'demo', '-o', 'json'),
    );
    expect(live.spec.region).toBeUndefined();
  });

  it('refuses an invalid field with the server words, naming it', async () => {
    const file = await write(
      'invalid.yaml',
      CLUSTER().replace('paused: true', 'paused: "yes"'),
    );
    expect(await failure('apply', '-f', file)).toContain(
      'spec.paused: Invalid value: "string": spec.paused in body must be of type boolean: "string"',
    );
  });

  it('explains a Cluster API kind from its upstream schema', async () => {
    const out = await kubectl('explain', 'clusters.spec.topology');
    expect(out).toContain('GROUP:      cluster.x-k8s.io');
    expect(out).toContain('KIND:       Cluster');
    expect(out).toMatch(/classRef\s+<Object> -required-/);
    expect(out).toMatch(/version\s+<string> -required-/);
    const md = await kubectl(
      'explain',
      'machinedeployments.spec.template.spec',
      '--api-version=cluster.x-k8s.io/v1beta1',
    );
    expect(md).toContain('VERSION:    v1beta1');
    expect(md).toMatch(/clusterName\s+<string> -required-/);
  });
});
