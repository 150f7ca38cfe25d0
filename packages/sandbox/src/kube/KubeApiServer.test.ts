import {
  ApiextensionsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubernetesObjectApi,
  PatchStrategy,
  V1ConfigMap,
  Watch,
  makeInformer,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { once } from 'node:events';
import { connect } from 'node:net';
import { httpsRequest } from '../__testUtils__/httpsRequest';
import { KubeApiServer } from './KubeApiServer';
import { ObjectStore } from './ObjectStore';
import { kubeConfigFor } from './kubeConfigFor';

const TOKEN = 'conformance';

describe('KubeApiServer, through @kubernetes/client-node', () => {
  let server: KubeApiServer;
  let core: CoreV1Api;
  let objects: KubernetesObjectApi;
  let kc: ReturnType<typeof kubeConfigFor>;

  beforeEach(async () => {
    server = await KubeApiServer.start({ token: TOKEN });
    kc = kubeConfigFor(server.url, TOKEN);
    core = kc.makeApiClient(CoreV1Api);
    objects = KubernetesObjectApi.makeApiClient(kc);
  });
  afterEach(() => server.stop());

  const cm = (
    name: string,
    labels: Record<string, string> = {},
    data: Record<string, string> = { a: '1' },
  ): V1ConfigMap => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, labels },
    data,
  });
  const status = (e: any) => ({
    code: e.code,
    reason: JSON.parse(e.body).reason,
    message: JSON.parse(e.body).message,
  });

  describe('discovery', () => {
    it('answers JSON with its length, not chunked, as the real API server answers a small body (an object, a Status)', async () => {
      for (const path of [
        '/api/v1/namespaces/default',
        '/api/v1/namespaces/default/configmaps/absent',
      ]) {
        const res = await httpsRequest(`${server.url}${path}`, TOKEN);
        expect(res.headers['content-type']).toBe('application/json');
        expect(res.headers['transfer-encoding']).toBeUndefined();
        expect(res.headers['content-length']).toBe(
          String(Buffer.byteLength(res.text)),
        );
        expect(res.json().kind).toMatch(/^(Namespace|Status)$/);
      }
    });

    it('serves /api, /apis and group versions', async () => {
      const res = await httpsRequest(`${server.url}/apis`, TOKEN);
      const groups = res.json().groups.map((g: any) => g.name);
      expect(groups).toEqual(
        expect.arrayContaining([
          'apps',
          'rbac.authorization.k8s.io',
          'apiextensions.k8s.io',
        ]),
      );
      const v1 = (await httpsRequest(`${server.url}/api/v1`, TOKEN)).json();
      expect(v1.resources.map((r: any) => r.name)).toEqual(
        expect.arrayContaining([
          'namespaces',
          'secrets',
          'configmaps',
          'serviceaccounts',
        ]),
      );
    });

    it('refuses requests without the bearer token with a 401 Status', async () => {
      const res = await httpsRequest(`${server.url}/api/v1/namespaces`);
      expect(res.status).toBe(401);
      expect(res.json()).toMatchObject({
        kind: 'Status',
        reason: 'Unauthorized',
        code: 401,
      });
    });
  });

  describe('CRUD and errors', () => {
    it('creates, reads, lists, updates and deletes, with resourceVersions', async () => {
      const created = await core.createNamespacedConfigMap({
        namespace: 'default',
        body: cm('one'),
      });
      expect(created.metadata).toMatchObject({
        name: 'one',
        namespace: 'default',
        uid: expect.any(String),
        resourceVersion: expect.stringMatching(/^\d+$/),
      });
      const read = await core.readNamespacedConfigMap({
        name: 'one',
        namespace: 'default',
      });
      expect(read.data).toEqual({ a: '1' });
      const list = await core.listNamespacedConfigMap({ namespace: 'default' });
      expect(list.items.map(i => i.metadata?.name)).toEqual(['one']);
      expect(Number(list.metadata?.resourceVersion)).toBeGreaterThanOrEqual(
        Number(created.metadata?.resourceVersion),
      );
      const updated = await core.replaceNamespacedConfigMap({
        name: 'one',
        namespace: 'default',
        body: { ...read, data: { a: '2' } },
      });
      expect(Number(updated.metadata?.resourceVersion)).toBeGreaterThan(
        Number(read.metadata?.resourceVersion),
      );
      await core.deleteNamespacedConfigMap({
        name: 'one',
        namespace: 'default',
      });
      await expect(
        core.readNamespacedConfigMap({ name: 'one', namespace: 'default' }),
      ).rejects.toMatchObject({ code: 404 });
    });

    it('answers 409 Conflict to a stale update, as a Status', async () => {
      const created = await core.createNamespacedConfigMap({
        namespace: 'default',
        body: cm('c'),
      });
      await core.replaceNamespacedConfigMap({
        name: 'c',
        namespace: 'default',
        body: { ...created, data: { a: 'new' } },
      });
      const error = await core
        .replaceNamespacedConfigMap({
          name: 'c',
          namespace: 'default',
          body: { ...created, data: { a: 'stale' } },
        })
        .catch(e => e);
      expect(status(error)).toEqual({
        code: 409,
        reason: 'Conflict',
        message: expect.stringContaining('the object has been modified'),
      });
    });

    it('answers 409 AlreadyExists, 404 NotFound and 422 Invalid', async () => {
      await core.createNamespacedConfigMap({
        namespace: 'default',
        body: cm('dup'),
      });
      expect(
        status(
          await core
            .createNamespacedConfigMap({
              namespace: 'default',
              body: cm('dup'),
            })
            .catch(e => e),
        ),
      ).toEqual({
        code: 409,
        reason: 'AlreadyExists',
        message: 'configmaps "dup" already exists',
      });
      expect(
        status(
          await core
            .readNamespacedSecret({ name: 'nope', namespace: 'default' })
            .catch(e => e),
        ),
      ).toEqual({
        code: 404,
        reason: 'NotFound',
        message: 'secrets "nope" not found',
      });
      expect(
        status(
          await core
            .createNamespacedConfigMap({
              namespace: 'default',
              body: cm('Bad_Name'),
            })
            .catch(e => e),
        ),
      ).toMatchObject({
        code: 422,
        reason: 'Invalid',
        message: expect.stringContaining(
          'ConfigMap "Bad_Name" is invalid: metadata.name',
        ),
      });
      expect(
        status(
          await core
            .createNamespacedConfigMap({ namespace: 'nowhere', body: cm('x') })
            .catch(e => e),
        ),
      ).toEqual({
        code: 404,
        reason: 'NotFound',
        message: 'namespaces "nowhere" not found',
      });
    });

    it('names objects from generateName', async () => {
      const created = await core.createNamespacedConfigMap({
        namespace: 'default',
        body: { metadata: { generateName: 'job-' }, data: {} },
      });
      expect(created.metadata?.name).toMatch(/^job-[a-z0-9]{5}$/);
    });

    it('folds Secret stringData into base64 data', async () => {
      const secret = await core.createNamespacedSecret({
        namespace: 'default',
        body: { metadata: { name: 's' }, stringData: { token: 'abc' } },
      });
      expect(secret.data).toEqual({
        token: Buffer.from('abc').toString('base64'),
      });
      expect((secret as any).stringData).toBeUndefined();
    });

    it('validates without persisting on dryRun=All', async () => {
      const dry = await core.createNamespacedConfigMap({
        namespace: 'default',
        body: cm('dry'),
        dryRun: 'All',
      });
      expect(dry.metadata?.name).toBe('dry');
      await expect(
        core.readNamespacedConfigMap({ name: 'dry', namespace: 'default' }),
      ).rejects.toMatchObject({ code: 404 });
      await expect(
        core.createNamespacedConfigMap({
          namespace: 'default',
          body: cm('Dry!'),
          dryRun: 'All',
        }),
      ).rejects.toMatchObject({ code: 422 });
    });
  });

  describe('list selectors and pagination', () => {
    beforeEach(async () => {
      await core.createNamespacedConfigMap({
        namespace: 'default',
        body: cm('a', { env: 'prod', tier: 'web' }),
      });
      await core.createNamespacedConfigMap({
        namespace: 'default',
        body: cm('b', { env: 'dev', tier: 'web' }),
      });
      await core.createNamespacedConfigMap({
        namespace: 'default',
        body: cm('c', { env: 'prod' }),
      });
    });
    const names = async (labelSelector?: string, fieldSelector?: string) =>
      (
        await core.listNamespacedConfigMap({
          namespace: 'default',
          labelSelector,
          fieldSelector,
        })
      ).items.map(i => i.metadata!.name);

    it.each([
      ['env=prod', ['a', 'c']],
      ['env==prod,tier=web', ['a']],
      ['env!=prod', ['b']],
      ['env in (dev,staging)', ['b']],
      ['env notin (dev)', ['a', 'c']],
      ['tier', ['a', 'b']],
      ['!tier', ['c']],
      // Kubernetes' reading (arlon-common's selector): no space needed
      // before `(`, a space allowed after `!`
      ['env in(dev,staging)', ['b']],
      ['! tier', ['c']],
    ])('labelSelector %s', async (selector, expected) => {
      expect(await names(selector)).toEqual(expected);
    });

    it('fieldSelector metadata.name', async () => {
      expect(await names(undefined, 'metadata.name=b')).toEqual(['b']);
    });

    it('rejects a malformed selector with 400', async () => {
      await expect(names('env in prod')).rejects.toMatchObject({ code: 400 });
    });

    it.each(['env=a/b', 'env=prod,', 'env in (a b)'])(
      'rejects %j with 400, as a real API server does',
      async selector => {
        await expect(names(selector)).rejects.toMatchObject({ code: 400 });
      },
    );

    it('pages with limit and continue', async () => {
      const first = await core.listNamespacedConfigMap({
        namespace: 'default',
        limit: 2,
      });
      expect(first.items).toHaveLength(2);
      const second = await core.listNamespacedConfigMap({
        namespace: 'default',
        limit: 2,
        _continue: first.metadata?._continue,
      });
      expect(second.items.map(i => i.metadata!.name)).toEqual(['c']);
      expect(second.metadata?._continue).toBeUndefined();
    });
  });

  describe('patches', () => {
    beforeEach(() =>
      core.createNamespacedConfigMap({
        namespace: 'default',
        body: cm('p', { keep: 'yes' }, { a: '1', b: '2' }),
      }),
    );

    it('applies a JSON merge patch', async () => {
      const patched = await core.patchNamespacedConfigMap(
        {
          name: 'p',
          namespace: 'default',
          body: { data: { a: null, c: '3' } },
        },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
      expect(patched.data).toEqual({ b: '2', c: '3' });
      expect(patched.metadata?.labels).toEqual({ keep: 'yes' });
    });

    it('applies a JSON patch, and fails a failed test operation with 400 changing nothing', async () => {
      const patched = await core.patchNamespacedConfigMap(
        {
          name: 'p',
          namespace: 'default',
          body: [
            { op: 'replace', path: '/data/a', value: 'x' },
            { op: 'add', path: '/metadata/labels/new', value: 'l' },
          ],
        },
        setHeaderOptions('Content-Type', PatchStrategy.JsonPatch),
      );
      expect(patched.data).toEqual({ a: 'x', b: '2' });
      expect(patched.metadata?.labels).toEqual({ keep: 'yes', new: 'l' });
      await expect(
        core.patchNamespacedConfigMap(
          {
            name: 'p',
            namespace: 'default',
            body: [
              { op: 'test', path: '/data/a', value: 'nope' },
              { op: 'remove', path: '/data/a' },
            ],
          },
          setHeaderOptions('Content-Type', PatchStrategy.JsonPatch),
        ),
      ).rejects.toMatchObject({ code: 400 });
      expect(
        (
          await core.readNamespacedConfigMap({
            name: 'p',
            namespace: 'default',
          })
        ).data?.a,
      ).toBe('x');
    });

    it('applies server-side, creating what does not exist, and requires a field manager', async () => {
      const applied = await objects.patch(
        {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: 'ssa', namespace: 'default' },
          data: { k: 'v' },
        },
        undefined,
        undefined,
        'arlon',
        true,
        PatchStrategy.ServerSideApply,
      );
      expect((applied.metadata as any).managedFields[0]).toMatchObject({
        manager: 'arlon',
      });
      const again = await objects.patch(
        {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: 'ssa', namespace: 'default' },
          data: { k: 'w' },
        } as any,
        undefined,
        undefined,
        'arlon',
        true,
        PatchStrategy.ServerSideApply,
      );
      expect((again as any).data).toEqual({ k: 'w' });
      await expect(
        objects.patch(
          {
            apiVersion: 'v1',
            kind: 'ConfigMap',
            metadata: { name: 'ssa', namespace: 'default' },
          },
          undefined,
          undefined,
          undefined,
          true,
          PatchStrategy.ServerSideApply,
        ),
      ).rejects.toMatchObject({ code: 400 });
    });

    it('checks a dry-run patch without persisting', async () => {
      await core.patchNamespacedConfigMap(
        {
          name: 'p',
          namespace: 'default',
          body: { data: { a: 'dry' } },
          dryRun: 'All',
        },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
      expect(
        (
          await core.readNamespacedConfigMap({
            name: 'p',
            namespace: 'default',
          })
        ).data?.a,
      ).toBe('1');
    });
  });

  describe('finalizers and namespaces', () => {
    it('keeps a deleted object with finalizers until the last one is removed', async () => {
      await core.createNamespacedConfigMap({
        namespace: 'default',
        body: {
          ...cm('f'),
          metadata: { name: 'f', finalizers: ['example.com/cleanup'] },
        },
      });
      await core.deleteNamespacedConfigMap({ name: 'f', namespace: 'default' });
      const marked = await core.readNamespacedConfigMap({
        name: 'f',
        namespace: 'default',
      });
      expect(marked.metadata?.deletionTimestamp).toBeDefined();
      await core.patchNamespacedConfigMap(
        {
          name: 'f',
          namespace: 'default',
          body: { metadata: { finalizers: null } },
        },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
      await expect(
        core.readNamespacedConfigMap({ name: 'f', namespace: 'default' }),
      ).rejects.toMatchObject({ code: 404 });
    });

    it('deletes a namespace once what is in it is gone', async () => {
      await core.createNamespace({ body: { metadata: { name: 'team' } } });
      await core.createNamespacedConfigMap({
        namespace: 'team',
        body: {
          ...cm('held'),
          metadata: { name: 'held', finalizers: ['x/y'] },
        },
      });
      await core.deleteNamespace({ name: 'team' });
      expect((await core.readNamespace({ name: 'team' })).status?.phase).toBe(
        'Terminating',
      );
      await core.patchNamespacedConfigMap(
        {
          name: 'held',
          namespace: 'team',
          body: { metadata: { finalizers: null } },
        },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
      await expect(core.readNamespace({ name: 'team' })).rejects.toMatchObject({
        code: 404,
      });
    });
  });

  describe('custom resources', () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: {
        group: 'example.com',
        scope: 'Namespaced',
        names: {
          kind: 'Widget',
          plural: 'widgets',
          singular: 'widget',
          listKind: 'WidgetList',
        },
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            subresources: { status: {} },
            schema: {
              // client-node's model spells it so and sends x-kubernetes-preserve-unknown-fields
              openAPIV3Schema: {
                type: 'object',
                x_kubernetes_preserve_unknown_fields: true,
              },
            },
          },
        ],
      },
    };

    it('serves a kind once its CRD exists, with a status subresource', async () => {
      const custom = kc.makeApiClient(CustomObjectsApi);
      await expect(
        custom.listNamespacedCustomObject({
          group: 'example.com',
          version: 'v1',
          namespace: 'default',
          plural: 'widgets',
        }),
      ).rejects.toMatchObject({ code: 404 });
      await kc
        .makeApiClient(ApiextensionsV1Api)
        .createCustomResourceDefinition({ body: crd as any });
      const groups = (await httpsRequest(`${server.url}/apis`, TOKEN)).json();
      expect(groups.groups.map((g: any) => g.name)).toContain('example.com');

      await custom.createNamespacedCustomObject({
        group: 'example.com',
        version: 'v1',
        namespace: 'default',
        plural: 'widgets',
        body: {
          apiVersion: 'example.com/v1',
          kind: 'Widget',
          metadata: { name: 'w' },
          spec: { size: 1 },
          status: { ready: false },
        },
      });
      // The main resource ignores status; /status sets only status.
      const w: any = await custom.getNamespacedCustomObject({
        group: 'example.com',
        version: 'v1',
        namespace: 'default',
        plural: 'widgets',
        name: 'w',
      });
      await custom.replaceNamespacedCustomObject({
        group: 'example.com',
        version: 'v1',
        namespace: 'default',
        plural: 'widgets',
        name: 'w',
        body: { ...w, spec: { size: 2 }, status: { ready: true } },
      });
      let after: any = await custom.getNamespacedCustomObject({
        group: 'example.com',
        version: 'v1',
        namespace: 'default',
        plural: 'widgets',
        name: 'w',
      });
      expect(after.spec).toEqual({ size: 2 });
      expect(after.status).toEqual({ ready: false });
      expect(after.metadata.generation).toBe(2);
      await custom.replaceNamespacedCustomObjectStatus({
        group: 'example.com',
        version: 'v1',
        namespace: 'default',
        plural: 'widgets',
        name: 'w',
        body: { ...after, spec: { size: 9 }, status: { ready: true } },
      });
      after = await custom.getNamespacedCustomObject({
        group: 'example.com',
        version: 'v1',
        namespace: 'default',
        plural: 'widgets',
        name: 'w',
      });
      expect(after).toMatchObject({
        spec: { size: 2 },
        status: { ready: true },
      });
    });
  });

  describe('watch', () => {
    it('streams changes from a resourceVersion, as newline-delimited events', async () => {
      const list = await core.listNamespacedConfigMap({ namespace: 'default' });
      const events: string[] = [];
      const watch = new Watch(kc);
      const req = await watch.watch(
        '/api/v1/namespaces/default/configmaps',
        { resourceVersion: list.metadata?.resourceVersion },
        (type, obj) => events.push(`${type} ${obj.metadata.name}`),
        () => {},
      );
      await core.createNamespacedConfigMap({
        namespace: 'default',
        body: cm('w1'),
      });
      await core.patchNamespacedConfigMap(
        { name: 'w1', namespace: 'default', body: { data: { a: '2' } } },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
      await core.deleteNamespacedConfigMap({
        name: 'w1',
        namespace: 'default',
      });
      await waitFor(() => events.length === 3);
      req.abort();
      expect(events).toEqual(['ADDED w1', 'MODIFIED w1', 'DELETED w1']);
    });

    it('answers a too-old resourceVersion with a 410 Expired event', async () => {
      // A store that keeps two changes, as if etcd had compacted the rest.
      const small = await KubeApiServer.start({
        token: TOKEN,
        store: new ObjectStore(2),
      });
      const smallCore = kubeConfigFor(small.url, TOKEN).makeApiClient(
        CoreV1Api,
      );
      for (let i = 0; i < 3; i++)
        await smallCore.createNamespacedConfigMap({
          namespace: 'default',
          body: cm(`x${i}`),
        });
      const list = await smallCore.listNamespacedConfigMap({
        namespace: 'default',
      });
      const url = (rv: number) =>
        `${small.url}/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=${rv}&timeoutSeconds=1`;
      const recent = (
        await httpsRequest(
          url(Number(list.metadata!.resourceVersion) - 1),
          TOKEN,
        )
      ).text;
      expect(JSON.parse(recent.trim().split('\n')[0])).toMatchObject({
        type: 'ADDED',
        object: { metadata: { name: 'x2' } },
      });
      const old = (await httpsRequest(url(1), TOKEN)).text;
      expect(JSON.parse(old.trim())).toMatchObject({
        type: 'ERROR',
        object: { kind: 'Status', code: 410, reason: 'Expired' },
      });
      await small.stop();
    });

    it('keeps an informer current across dropped watch connections', async () => {
      const informer = makeInformer(
        kc,
        '/api/v1/namespaces/default/configmaps',
        () => core.listNamespacedConfigMap({ namespace: 'default' }),
      );
      const errors: unknown[] = [];
      informer.on('error', err => {
        errors.push(err);
        setTimeout(() => informer.start(), 50); // the documented way to resume
      });
      await informer.start();
      await core.createNamespacedConfigMap({
        namespace: 'default',
        body: cm('before'),
      });
      await waitFor(() => !!informer.get('before', 'default'));
      server.dropWatches();
      await core.createNamespacedConfigMap({
        namespace: 'default',
        body: cm('after'),
      });
      await waitFor(() => !!informer.get('after', 'default'));
      await core.deleteNamespacedConfigMap({
        name: 'before',
        namespace: 'default',
      });
      await waitFor(() => !informer.get('before', 'default'));
      await informer.stop();
      expect(informer.list().map(o => o.metadata?.name)).toEqual(['after']);
    });
  });

  describe('service account tokens', () => {
    it('mints a token for a service-account-token Secret, accepts it as the account (nothing bound: 403), and forgets it with the Secret', async () => {
      await core.createNamespacedServiceAccount({
        namespace: 'kube-system',
        body: { metadata: { name: 'argocd-manager' } },
      });
      await core.createNamespacedSecret({
        namespace: 'kube-system',
        body: {
          metadata: {
            name: 'argocd-manager-token',
            annotations: {
              'kubernetes.io/service-account.name': 'argocd-manager',
            },
          },
          type: 'kubernetes.io/service-account-token',
        },
      });
      const secret = await core.readNamespacedSecret({
        name: 'argocd-manager-token',
        namespace: 'kube-system',
      });
      const token = Buffer.from(secret.data!.token, 'base64').toString('utf8');
      expect(secret.data!['ca.crt']).toBe(server.caData);
      const asManager = kubeConfigFor(server.url, token).makeApiClient(
        CoreV1Api,
      );
      // Authenticated (not 401) as the account, which nothing grants anything.
      await expect(asManager.listNamespace()).rejects.toMatchObject({
        code: 403,
        body: expect.stringContaining(
          'User \\"system:serviceaccount:kube-system:argocd-manager\\" cannot list resource \\"namespaces\\"',
        ),
      });
      await core.deleteNamespacedSecret({
        name: 'argocd-manager-token',
        namespace: 'kube-system',
      });
      await expect(asManager.listNamespace()).rejects.toMatchObject({
        code: 401,
      });
    });
  });

  describe('fault injection', () => {
    it('fails a verb at its error rate and adds latency, changeable at run time', async () => {
      server.faults.errorRate.create = 1;
      await expect(
        core.createNamespacedConfigMap({ namespace: 'default', body: cm('z') }),
      ).rejects.toMatchObject({ code: 500 });
      server.faults.errorRate.create = 0;
      server.faults.latencyMs = 120;
      const started = Date.now();
      await core.createNamespacedConfigMap({
        namespace: 'default',
        body: cm('z'),
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    });

    it('takes faults at start', async () => {
      const faulty = await KubeApiServer.start({
        token: TOKEN,
        faults: { errorRate: { list: 1 } },
      });
      const faultyCore = kubeConfigFor(faulty.url, TOKEN).makeApiClient(
        CoreV1Api,
      );
      await expect(faultyCore.listNamespace()).rejects.toMatchObject({
        code: 500,
      });
      expect(
        (await faultyCore.readNamespace({ name: 'default' })).metadata?.name,
      ).toBe('default');
      await faulty.stop();
    });

    it('changes faults over HTTP at run time, and drops watches on request', async () => {
      const put = (body: unknown) =>
        httpsRequest(`${server.url}/_sandbox/faults`, TOKEN, {
          method: 'PUT',
          body,
        });
      expect((await put({ errorRate: { get: 1 } })).json()).toMatchObject({
        errorRate: { get: 1 },
      });
      await expect(
        core.readNamespace({ name: 'default' }),
      ).rejects.toMatchObject({ code: 500 });
      await put({ errorRate: { get: 0 } });
      await core.readNamespace({ name: 'default' });

      let ended = false;
      const req = await new Watch(kc).watch(
        '/api/v1/namespaces',
        {},
        () => {},
        () => (ended = true),
      );
      await put({ dropWatchesNow: true });
      await waitFor(() => ended);
      req.abort();
    });
  });
});

describe('KubeApiServer.stop', () => {
  it('does not wait for a client still in its TLS handshake', async () => {
    const server = await KubeApiServer.start({ token: TOKEN });
    // A client that connected but has not finished (here: not begun) its
    // handshake: HTTP does not know the connection yet, so stopping must
    // close it at the TCP level or wait for the 120 s handshake timeout.
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    const closed = once(socket, 'close');
    const stopped = server.stop().then(() => 'stopped');
    const waited = new Promise(r => setTimeout(r, 3000, 'still waiting'));
    expect(await Promise.race([stopped, waited])).toBe('stopped');
    await closed;
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline)
      throw new Error('timed out waiting for condition');
    await new Promise(r => setTimeout(r, 20));
  }
}
