import { httpsRequest } from '../../__testUtils__/httpsRequest';
import { KubeApiServer } from '../KubeApiServer';

const ADMIN = 'access-admin';
const RBAC = 'rbac.authorization.k8s.io/v1';

/**
 * RBAC as kube-apiserver evaluates it, request by request over HTTPS: who a
 * token is, which bindings apply, how rules match, what a refusal says.
 */
describe('sandbox RBAC', () => {
  let server: KubeApiServer;

  const call = (
    path: string,
    token: string,
    options: Parameters<typeof httpsRequest>[2] = {},
  ) => httpsRequest(`${server.url}${path}`, token, options);
  /** As the admin; fails the test unless the API server accepts it. */
  const post = async (path: string, body: unknown) => {
    const res = await call(path, ADMIN, { method: 'POST', body });
    if (res.status >= 300) throw new Error(`${path}: ${res.text}`);
    return res.json();
  };
  beforeEach(async () => {
    server = await KubeApiServer.start({ token: ADMIN });
    await post('/api/v1/namespaces', { metadata: { name: 'team' } });
    for (const name of ['reader', 'robot'])
      await post('/api/v1/namespaces/team/serviceaccounts', {
        metadata: { name },
      });
  });
  afterEach(() => server.stop());

  const tokenOf = async (name: string, spec: object = {}) =>
    (
      await post(`/api/v1/namespaces/team/serviceaccounts/${name}/token`, {
        spec,
      })
    ).status.token as string;
  const grant = async (
    binding: 'RoleBinding' | 'ClusterRoleBinding',
    role: { kind: 'Role' | 'ClusterRole'; name: string; rules?: object[] },
    subjects: object[],
  ) => {
    if (role.rules)
      await post(
        role.kind === 'Role'
          ? '/apis/rbac.authorization.k8s.io/v1/namespaces/team/roles'
          : '/apis/rbac.authorization.k8s.io/v1/clusterroles',
        {
          apiVersion: RBAC,
          kind: role.kind,
          metadata: { name: role.name },
          rules: role.rules,
        },
      );
    await post(
      binding === 'RoleBinding'
        ? '/apis/rbac.authorization.k8s.io/v1/namespaces/team/rolebindings'
        : '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings',
      {
        apiVersion: RBAC,
        kind: binding,
        metadata: { name: `${role.name}-binding` },
        roleRef: {
          apiGroup: 'rbac.authorization.k8s.io',
          kind: role.kind,
          name: role.name,
        },
        subjects,
      },
    );
  };
  const review = async (token: string, spec: object) =>
    (
      await call(
        '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews',
        token,
        {
          method: 'POST',
          body: {
            apiVersion: 'authorization.k8s.io/v1',
            kind: 'SelfSubjectAccessReview',
            spec,
          },
        },
      )
    ).json().status;

  it('refuses an unbound account every resource, with the Status kube-apiserver sends', async () => {
    const token = await tokenOf('robot');
    const res = await call('/api/v1/namespaces', token);
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message:
        'namespaces is forbidden: User "system:serviceaccount:team:robot" cannot list resource "namespaces" in API group "" at the cluster scope',
      reason: 'Forbidden',
      details: { kind: 'namespaces' },
      code: 403,
    });
    // Discovery and version are every signed-in user's (system:discovery).
    expect((await call('/version', token)).status).toBe(200);
    expect((await call('/apis', token)).status).toBe(200);
  });

  it('matches resourceNames, also for a list or watch narrowed to one name by field selector', async () => {
    for (const name of ['mine', 'theirs'])
      await post('/api/v1/namespaces/team/configmaps', { metadata: { name } });
    await grant(
      'RoleBinding',
      {
        kind: 'Role',
        name: 'only-mine',
        rules: [
          {
            apiGroups: [''],
            resources: ['configmaps'],
            resourceNames: ['mine'],
            verbs: ['get', 'list', 'watch'],
          },
        ],
      },
      [{ kind: 'ServiceAccount', name: 'reader' }], // no namespace: the binding's
    );
    const token = await tokenOf('reader');
    const cms = '/api/v1/namespaces/team/configmaps';
    expect((await call(`${cms}/mine`, token)).status).toBe(200);
    expect((await call(`${cms}/theirs`, token)).json().message).toBe(
      'configmaps "theirs" is forbidden: User "system:serviceaccount:team:reader" cannot get resource "configmaps" in API group "" in the namespace "team"',
    );
    expect((await call(cms, token)).status).toBe(403);
    const one = await call(`${cms}?fieldSelector=metadata.name%3Dmine`, token);
    expect(one.json().items.map((i: any) => i.metadata.name)).toEqual(['mine']);
  });

  it('matches a subresource as resource/subresource and */subresource, never as its resource', async () => {
    await grant(
      'ClusterRoleBinding',
      {
        kind: 'ClusterRole',
        name: 'status-reader',
        rules: [
          { apiGroups: ['*'], resources: ['*/status'], verbs: ['get'] },
          {
            apiGroups: ['apps'],
            resources: ['deployments/scale'],
            verbs: ['update'],
          },
        ],
      },
      [{ kind: 'ServiceAccount', name: 'robot', namespace: 'team' }],
    );
    const token = await tokenOf('robot');
    const attrs = (verb: string, resource: string, subresource = '') => ({
      resourceAttributes: {
        verb,
        group: 'apps',
        resource,
        subresource,
        namespace: 'team',
      },
    });
    expect(await review(token, attrs('get', 'deployments', 'status'))).toEqual({
      allowed: true,
      reason:
        'RBAC: allowed by ClusterRoleBinding "status-reader-binding" of ClusterRole "status-reader" to ServiceAccount "robot/team"',
    });
    expect((await review(token, attrs('get', 'deployments'))).allowed).toBe(
      false,
    );
    expect(
      (await review(token, attrs('update', 'deployments', 'scale'))).allowed,
    ).toBe(true);
    expect(
      (await review(token, attrs('update', 'statefulsets', 'scale'))).allowed,
    ).toBe(false);
  });

  it('grants a RoleBinding to a ClusterRole in its namespace only; a namespace is itself in its namespace', async () => {
    await grant(
      'RoleBinding',
      {
        kind: 'ClusterRole',
        name: 'namespace-reader',
        rules: [
          {
            apiGroups: [''],
            resources: ['namespaces', 'pods'],
            verbs: ['get', 'list'],
          },
        ],
      },
      [{ kind: 'Group', name: 'system:serviceaccounts:team' }],
    );
    const token = await tokenOf('robot');
    expect((await call('/api/v1/namespaces/team/pods', token)).status).toBe(
      200,
    );
    expect((await call('/api/v1/namespaces/team', token)).status).toBe(200);
    expect(
      (await call('/api/v1/namespaces/default', token)).json().message,
    ).toBe(
      'namespaces "default" is forbidden: User "system:serviceaccount:team:robot" cannot get resource "namespaces" in API group "" in the namespace "default"',
    );
    expect((await call('/api/v1/namespaces/default/pods', token)).status).toBe(
      403,
    );
  });

  it("matches nonResourceURLs by path or prefix, and guards the sandbox's fault endpoint", async () => {
    const token = await tokenOf('robot');
    const put = await call('/_sandbox/faults', token, {
      method: 'PUT',
      body: { latencyMs: 1 },
    });
    expect(put.json()).toMatchObject({
      code: 403,
      message:
        'forbidden: User "system:serviceaccount:team:robot" cannot put path "/_sandbox/faults"',
    });
    expect(server.faults.latencyMs).toBe(0);
    await grant(
      'ClusterRoleBinding',
      {
        kind: 'ClusterRole',
        name: 'faults',
        rules: [{ nonResourceURLs: ['/_sandbox/*'], verbs: ['get'] }],
      },
      [{ kind: 'User', name: 'system:serviceaccount:team:robot' }],
    );
    expect((await call('/_sandbox/faults', token)).status).toBe(200);
    expect(
      (await call('/_sandbox/faults', token, { method: 'PUT', body: {} }))
        .status,
    ).toBe(403);
  });

  it("reports a binding's missing role in the refusal, as RBAC's reason", async () => {
    await grant('ClusterRoleBinding', { kind: 'ClusterRole', name: 'ghost' }, [
      { kind: 'ServiceAccount', name: 'robot', namespace: 'team' },
    ]);
    const token = await tokenOf('robot');
    expect((await call('/api/v1/namespaces', token)).json().message).toBe(
      'namespaces is forbidden: User "system:serviceaccount:team:robot" cannot list resource "namespaces" in API group "" at the cluster scope: RBAC: clusterrole.rbac.authorization.k8s.io "ghost" not found',
    );
  });

  it('asks a server-side apply that would create its object for create too', async () => {
    await grant(
      'RoleBinding',
      {
        kind: 'Role',
        name: 'patcher',
        rules: [
          {
            apiGroups: [''],
            resources: ['configmaps'],
            verbs: ['get', 'patch'],
          },
        ],
      },
      [{ kind: 'ServiceAccount', name: 'robot' }],
    );
    const token = await tokenOf('robot');
    const apply = (name: string) =>
      call(
        `/api/v1/namespaces/team/configmaps/${name}?fieldManager=test`,
        token,
        {
          method: 'PATCH',
          contentType: 'application/apply-patch+yaml',
          text: JSON.stringify({
            apiVersion: 'v1',
            kind: 'ConfigMap',
            metadata: { name },
            data: { a: '2' },
          }),
        },
      );
    const refused = await apply('new');
    expect(refused.json()).toMatchObject({
      code: 403,
      message: 'configmaps "new" is forbidden: ',
      details: { name: 'new', kind: 'configmaps' },
    });
    expect(
      (await call('/api/v1/namespaces/team/configmaps/new', ADMIN)).status,
    ).toBe(404);
    await post('/api/v1/namespaces/team/configmaps', {
      metadata: { name: 'old' },
      data: { a: '1' },
    });
    expect((await apply('old')).status).toBe(200);
  });

  it('stops accepting a token when its account goes, or its binding when the binding goes', async () => {
    await grant(
      'RoleBinding',
      {
        kind: 'Role',
        name: 'pod-lister',
        rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['list'] }],
      },
      [{ kind: 'ServiceAccount', name: 'robot' }],
    );
    const token = await tokenOf('robot');
    const pods = '/api/v1/namespaces/team/pods';
    expect((await call(pods, token)).status).toBe(200);
    await call(
      '/apis/rbac.authorization.k8s.io/v1/namespaces/team/rolebindings/pod-lister-binding',
      ADMIN,
      { method: 'DELETE' },
    );
    expect((await call(pods, token)).status).toBe(403);
    await call('/api/v1/namespaces/team/serviceaccounts/robot', ADMIN, {
      method: 'DELETE',
    });
    expect((await call(pods, token)).status).toBe(401);
    // An account of the same name made again is another account.
    await post('/api/v1/namespaces/team/serviceaccounts', {
      metadata: { name: 'robot' },
    });
    expect((await call('/version', token)).status).toBe(401);
  });

  it('accepts a TokenRequest token only for the API server audience, and says when it expires', async () => {
    const before = Math.floor(Date.now() / 1000);
    const created = await post(
      '/api/v1/namespaces/team/serviceaccounts/robot/token',
      { spec: { expirationSeconds: 600 } },
    );
    const after = Math.floor(Date.now() / 1000);
    expect(created).toMatchObject({
      kind: 'TokenRequest',
      apiVersion: 'authentication.k8s.io/v1',
      spec: {
        audiences: ['https://kubernetes.default.svc.cluster.local'],
        expirationSeconds: 600,
      },
    });
    const expires = Date.parse(created.status.expirationTimestamp) / 1000;
    expect(expires).toBeGreaterThanOrEqual(before + 600);
    expect(expires).toBeLessThanOrEqual(after + 600);
    const vault = await tokenOf('robot', { audiences: ['vault'] });
    expect((await call('/version', vault)).status).toBe(401);
  });

  it('answers the admin everything, and lists what an account may do (SelfSubjectRulesReview)', async () => {
    expect(
      await review(ADMIN, {
        resourceAttributes: { verb: 'delete', resource: 'nodes' },
      }),
    ).toEqual({ allowed: true });
    await grant(
      'RoleBinding',
      {
        kind: 'Role',
        name: 'cm',
        rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get'] }],
      },
      [{ kind: 'ServiceAccount', name: 'reader' }],
    );
    const rules = await call(
      '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews',
      await tokenOf('reader'),
      { method: 'POST', body: { spec: { namespace: 'team' } } },
    );
    expect(rules.status).toBe(201);
    expect(rules.json().status.resourceRules).toEqual(
      expect.arrayContaining([
        { verbs: ['get'], apiGroups: [''], resources: ['configmaps'] },
        {
          verbs: ['create'],
          apiGroups: ['authorization.k8s.io'],
          resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'],
        },
      ]),
    );
  });
});
