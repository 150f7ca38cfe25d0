import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { KubeApiServer } from '../KubeApiServer';
import { kubeconfigYaml } from '../kubeconfig';

const run = promisify(execFile);
const ADMIN = 'rbac-admin';

/**
 * The machine's real kubectl against a sandbox API server that enforces
 * RBAC: the admin token can do anything, a service account's token only
 * what its bindings grant, with kube-apiserver's wording when it may not.
 */
describe('RBAC through kubectl', () => {
  let server: KubeApiServer;
  let dir: string;
  let env: NodeJS.ProcessEnv;

  /** kubectl as the admin, or with `token` when given; stdout, or the failure's stderr and exit code. */
  const kubectl = async (args: string[], token?: string) => {
    try {
      const { stdout } = await run(
        'kubectl',
        [...(token ? ['--token', token] : []), ...args],
        { env },
      );
      return { code: 0, out: stdout.trim() };
    } catch (error: any) {
      return {
        code: error.code as number,
        out: `${error.stdout}${error.stderr}`.trim(),
      };
    }
  };
  const apply = async (yaml: string) => {
    const file = path.join(dir, `${Math.random()}.yaml`);
    await fs.writeFile(file, yaml);
    const result = await kubectl(['apply', '-f', file]);
    expect(result).toMatchObject({ code: 0 });
  };
  const tokenFor = async (account: string, namespace = 'team') => {
    const created = await kubectl([
      'create',
      'token',
      account,
      '-n',
      namespace,
    ]);
    expect(created.code).toBe(0);
    return created.out;
  };

  beforeAll(async () => {
    server = await KubeApiServer.start({ token: ADMIN });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kubectl-rbac-'));
    const kubeconfig = path.join(dir, 'kubeconfig');
    await fs.writeFile(
      kubeconfig,
      kubeconfigYaml('rbac', server.url, ADMIN, server.caData),
    );
    env = { ...process.env, KUBECONFIG: kubeconfig, HOME: dir };
    const setUp = [
      await kubectl(['create', 'namespace', 'team']),
      await kubectl(['create', 'serviceaccount', 'robot', '-n', 'team']),
      await kubectl(['create', 'serviceaccount', 'reader', '-n', 'team']),
    ];
    if (setUp.some(r => r.code !== 0))
      throw new Error(`set-up failed: ${JSON.stringify(setUp)}`);
  });
  afterAll(async () => {
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('lets the admin token do anything', async () => {
    expect(await kubectl(['auth', 'can-i', '*', '*'])).toEqual({
      code: 0,
      out: 'yes',
    });
    expect(await kubectl(['auth', 'can-i', 'delete', 'nodes'])).toEqual({
      code: 0,
      out: 'yes',
    });
  });

  it('gives an unbound service account nothing: kubectl get namespaces is forbidden, as upstream words it', async () => {
    const token = await tokenFor('robot');
    expect(await kubectl(['get', 'namespaces'], token)).toEqual({
      code: 1,
      out: 'Error from server (Forbidden): namespaces is forbidden: User "system:serviceaccount:team:robot" cannot list resource "namespaces" in API group "" at the cluster scope',
    });
    expect(
      await kubectl(['get', 'configmap', 'x', '-n', 'team'], token),
    ).toEqual({
      code: 1,
      out: 'Error from server (Forbidden): configmaps "x" is forbidden: User "system:serviceaccount:team:robot" cannot get resource "configmaps" in API group "" in the namespace "team"',
    });
    expect(
      await kubectl(['auth', 'can-i', 'list', 'namespaces', '-A'], token),
    ).toEqual({ code: 1, out: 'no' });
    // Discovery and the self-review stay open to every signed-in account.
    expect(
      await kubectl(
        ['auth', 'can-i', 'create', 'selfsubjectaccessreviews'],
        token,
      ),
    ).toEqual({ code: 0, out: 'yes' });
    expect(
      (await kubectl(['api-resources', '-o', 'name'], token)).out,
    ).toContain('deployments.apps');
  });

  it('grants what a Role and RoleBinding say, in their namespace only', async () => {
    await apply(`
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: config-reader, namespace: team}
rules:
- apiGroups: [""]
  resources: [configmaps]
  verbs: [get, list]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: reader-reads-config, namespace: team}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: config-reader}
subjects:
- {kind: ServiceAccount, name: reader}
`);
    await kubectl([
      'create',
      'configmap',
      'settings',
      '-n',
      'team',
      '--from-literal=a=1',
    ]);
    const token = await tokenFor('reader');
    expect(
      await kubectl(['get', 'configmaps', '-n', 'team', '-o', 'name'], token),
    ).toMatchObject({
      code: 0,
      out: expect.stringContaining('configmap/settings'),
    });
    expect(
      await kubectl(
        ['auth', 'can-i', 'list', 'configmaps', '-n', 'team'],
        token,
      ),
    ).toEqual({ code: 0, out: 'yes' });
    expect(
      await kubectl(
        ['auth', 'can-i', 'delete', 'configmaps', '-n', 'team'],
        token,
      ),
    ).toEqual({ code: 1, out: 'no' });
    expect(
      await kubectl(['get', 'configmaps', '-n', 'default'], token),
    ).toEqual({
      code: 1,
      out: 'Error from server (Forbidden): configmaps is forbidden: User "system:serviceaccount:team:reader" cannot list resource "configmaps" in API group "" in the namespace "default"',
    });
    expect(
      await kubectl(['delete', 'configmap', 'settings', '-n', 'team'], token),
    ).toEqual({
      code: 1,
      out: 'Error from server (Forbidden): configmaps "settings" is forbidden: User "system:serviceaccount:team:reader" cannot delete resource "configmaps" in API group "" in the namespace "team"',
    });
    // kubectl auth can-i --list shows the Role's rule, from SelfSubjectRulesReview.
    expect(
      (await kubectl(['auth', 'can-i', '--list', '-n', 'team'], token)).out,
    ).toMatch(/configmaps\s+\[\]\s+\[\]\s+\[get list\]/);
  });

  it('grants cluster-wide what a ClusterRoleBinding says, group and subresource included', async () => {
    await apply(`
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: deployment-status}
rules:
- apiGroups: [apps]
  resources: [deployments, deployments/status]
  verbs: [get, list, watch]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: robot-deployment-status}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: deployment-status}
subjects:
- {kind: ServiceAccount, name: robot, namespace: team}
`);
    const token = await tokenFor('robot');
    expect(await kubectl(['get', 'deployments', '-A'], token)).toMatchObject({
      code: 0,
    });
    expect(
      await kubectl(
        [
          'auth',
          'can-i',
          'get',
          'deployments',
          '--subresource=status',
          '-n',
          'team',
        ],
        token,
      ),
    ).toEqual({ code: 0, out: 'yes' });
    expect(
      await kubectl(
        ['auth', 'can-i', 'update', 'deployments.apps', '--subresource=status'],
        token,
      ),
    ).toEqual({ code: 1, out: 'no' });
    expect(
      await kubectl(
        ['create', 'deployment', 'web', '-n', 'team', '--image=nginx'],
        token,
      ),
    ).toEqual({
      code: 1,
      out: 'error: failed to create deployment: deployments.apps is forbidden: User "system:serviceaccount:team:robot" cannot create resource "deployments" in API group "apps" in the namespace "team"',
    });
  });

  it('mints tokens with kubectl create token that stop working when the account is deleted', async () => {
    await kubectl(['create', 'serviceaccount', 'brief', '-n', 'team']);
    const token = await tokenFor('brief');
    expect(token.split('.')).toHaveLength(3);
    expect(await kubectl(['auth', 'can-i', 'list', 'pods'], token)).toEqual({
      code: 1,
      out: 'no',
    });
    await kubectl(['delete', 'serviceaccount', 'brief', '-n', 'team']);
    expect(
      await kubectl(['auth', 'can-i', 'list', 'pods'], token),
    ).toMatchObject({
      code: 1,
      out: expect.stringContaining('Unauthorized'),
    });
    expect(await kubectl(['create', 'token', 'nobody', '-n', 'team'])).toEqual({
      code: 1,
      out: 'error: failed to create token: serviceaccounts "nobody" not found',
    });
  });
});
