import { diffObjects, MASK } from './diffObjects';
import { parseQuantity } from './quantity';

const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
]);
const options = {
  defaultNamespace: 'apps',
  isNamespaced: (_g: string, kind: string) => !CLUSTER_SCOPED.has(kind),
};

const deployment = (containers: object[], extra: object = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', ...extra },
  spec: { replicas: 2, template: { spec: { containers } } },
});

describe('diffObjects', () => {
  it('keys objects by group, kind, namespace and name, defaulting the namespace of namespaced kinds only', () => {
    const result = diffObjects(
      [
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } },
        {
          apiVersion: 'rbac.authorization.k8s.io/v1',
          kind: 'ClusterRole',
          metadata: { name: 'r' },
        },
      ],
      [],
      options,
    );
    expect(result.map(r => [r.key, r.action])).toEqual([
      ['/ConfigMap/apps/a', 'create'],
      ['rbac.authorization.k8s.io/ClusterRole//r', 'create'],
    ]);
  });

  it('ignores what is not intent: status, server metadata, ArgoCD and kubectl bookkeeping', () => {
    const desired = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'a' },
      data: { k: 'v' },
    };
    const live = {
      ...desired,
      metadata: {
        name: 'a',
        namespace: 'apps',
        uid: 'u',
        resourceVersion: '7',
        generation: 3,
        creationTimestamp: '2026-01-01T00:00:00Z',
        managedFields: [{ manager: 'argocd-controller' }],
        labels: { 'app.kubernetes.io/instance': 'c1-web' },
        annotations: {
          'argocd.argoproj.io/tracking-id': 'x',
          'kubectl.kubernetes.io/last-applied-configuration':
            JSON.stringify(desired),
        },
      },
      status: { anything: true },
    };
    expect(diffObjects([desired], [live], options)[0]).toMatchObject({
      action: 'unchanged',
      changes: [],
    });
  });

  it('does not count fields only the live object has, unless they were applied and are now gone', () => {
    const desired = deployment([{ name: 'web', image: 'nginx:1.27' }]);
    const live = deployment(
      [{ name: 'web', image: 'nginx:1.27', imagePullPolicy: 'IfNotPresent' }],
      {},
    );
    (live.spec as any).progressDeadlineSeconds = 600; // a default the API server added
    expect(diffObjects([desired], [live], options)[0].action).toBe('unchanged');

    const applied = deployment([{ name: 'web', image: 'nginx:1.27' }]);
    (applied.spec as any).minReadySeconds = 5;
    const liveWithApplied = deployment([{ name: 'web', image: 'nginx:1.27' }], {
      annotations: {
        'kubectl.kubernetes.io/last-applied-configuration':
          JSON.stringify(applied),
      },
    });
    (liveWithApplied.spec as any).minReadySeconds = 5;
    expect(
      diffObjects([desired], [liveWithApplied], options)[0].changes,
    ).toEqual([{ path: 'spec.minReadySeconds', kind: 'removed', from: 5 }]);
  });

  it('treats equivalent quantities as equal in quantity fields, and a numeric string elsewhere as a change', () => {
    const desired = deployment([
      {
        name: 'web',
        resources: { limits: { cpu: '100m', memory: '1Gi' } },
        ports: [{ containerPort: 8080 }],
      },
    ]);
    const live = deployment([
      {
        name: 'web',
        resources: { limits: { cpu: '0.1', memory: '1073741824' } },
        ports: [{ containerPort: 8080 }],
      },
    ]);
    expect(diffObjects([desired], [live], options)[0].action).toBe('unchanged');
    // The API server refuses a string where it wants a port number: not the same.
    const textPort = deployment([
      {
        name: 'web',
        resources: { limits: { cpu: '100m', memory: '1Gi' } },
        ports: [{ containerPort: '8080' }],
      },
    ]);
    expect(diffObjects([textPort], [live], options)[0].changes).toEqual([
      {
        path: 'spec.template.spec.containers[name=web].ports[containerPort=8080].containerPort',
        kind: 'changed',
        from: 8080,
        to: '8080',
      },
    ]);
    const bigger = deployment([
      {
        name: 'web',
        resources: { limits: { cpu: '200m', memory: '1Gi' } },
        ports: [{ containerPort: 8080 }],
      },
    ]);
    expect(diffObjects([bigger], [live], options)[0].changes).toEqual([
      {
        path: 'spec.template.spec.containers[name=web].resources.limits.cpu',
        kind: 'changed',
        from: '0.1',
        to: '200m',
      },
    ]);
  });

  describe('quantities only where Kubernetes types the field as one (issue 18)', () => {
    const configMap = (
      data: Record<string, string>,
      annotations?: Record<string, string>,
    ) => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'app', ...(annotations ? { annotations } : {}) },
      data,
    });

    it.each([
      ['1.10', '1.1'],
      ['010', '10'],
      ['1k', '1000'],
      ['100m', '0.1'],
    ])('reports a ConfigMap value %j against %j as changed', (to, from) => {
      expect(
        diffObjects(
          [configMap({ appVersion: to })],
          [configMap({ appVersion: from })],
          options,
        )[0].changes,
      ).toEqual([{ path: 'data.appVersion', kind: 'changed', from, to }]);
    });

    it('reports a quantity-looking annotation or env value as changed', () => {
      expect(
        diffObjects(
          [configMap({}, { 'example.com/cpu': '1' })],
          [configMap({}, { 'example.com/cpu': '1000m' })],
          options,
        )[0].changes,
      ).toEqual([
        {
          path: 'metadata.annotations.example.com/cpu',
          kind: 'changed',
          from: '1000m',
          to: '1',
        },
      ]);
      const withEnv = (value: string) =>
        deployment([{ name: 'web', env: [{ name: 'MEM', value }] }]);
      expect(
        diffObjects([withEnv('1Gi')], [withEnv('1073741824')], options)[0]
          .changes,
      ).toEqual([
        {
          path: 'spec.template.spec.containers[name=web].env[name=MEM].value',
          kind: 'changed',
          from: '1073741824',
          to: '1Gi',
        },
      ]);
    });

    it('keeps cpu 1000m = "1" and memory 1Gi = 1073741824 in resources, and out of the text diff', () => {
      const withLimits = (cpu: unknown, memory: unknown) =>
        deployment([
          { name: 'web', image: 'x', resources: { limits: { cpu, memory } } },
        ]);
      const [same] = diffObjects(
        [withLimits('1000m', '1Gi')],
        [withLimits('1', 1073741824)],
        options,
      );
      expect(same.action).toBe('unchanged');
      const [changed] = diffObjects(
        [
          {
            ...withLimits('1000m', '1Gi'),
            metadata: { name: 'web', labels: { a: 'b' } },
          },
        ],
        [withLimits('1', 1073741824)],
        options,
      );
      expect(changed.changes.map(c => c.path)).toEqual(['metadata.labels']);
      expect(changed.unified).not.toMatch(/^[-+] +(cpu|memory):/m);
    });
  });

  it('matches containers and env by name, not by position', () => {
    const desired = deployment([
      {
        name: 'sidecar',
        image: 'proxy:2',
        env: [
          { name: 'B', value: '2' },
          { name: 'A', value: '1' },
        ],
      },
      { name: 'web', image: 'nginx:1.28' },
    ]);
    const live = deployment([
      { name: 'web', image: 'nginx:1.27' },
      {
        name: 'sidecar',
        image: 'proxy:2',
        env: [
          { name: 'A', value: '1' },
          { name: 'B', value: '2' },
        ],
      },
    ]);
    expect(diffObjects([desired], [live], options)[0].changes).toEqual([
      {
        path: 'spec.template.spec.containers[name=web].image',
        kind: 'changed',
        from: 'nginx:1.27',
        to: 'nginx:1.28',
      },
    ]);
  });

  it('compares Secret stringData with data, and never shows a Secret value', () => {
    const desired = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's' },
      stringData: { password: 'hunter2' },
    };
    const same = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's' },
      data: { password: Buffer.from('hunter2').toString('base64') },
    };
    expect(diffObjects([desired], [same], options)[0].action).toBe('unchanged');
    const other = {
      ...same,
      data: { password: Buffer.from('letmein').toString('base64') },
    };
    const changed = diffObjects([desired], [other], options);
    expect(changed[0].changes).toEqual([
      { path: 'data.password', kind: 'changed', from: MASK, to: MASK },
    ]);
    const created = diffObjects([desired], [], options);
    const serialized = JSON.stringify([changed, created]);
    expect(serialized).not.toContain('hunter2');
    expect(serialized).not.toContain(Buffer.from('hunter2').toString('base64'));
    expect(serialized).not.toContain(Buffer.from('letmein').toString('base64'));
  });

  it('reports live objects without a desired counterpart as deletes only when pruning', () => {
    const live = [
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'old', namespace: 'apps' },
      },
    ];
    expect(diffObjects([], live, options)).toEqual([]);
    expect(diffObjects([], live, { ...options, prune: true })[0]).toMatchObject(
      { key: '/ConfigMap/apps/old', action: 'delete' },
    );
  });
});

describe('unified diffs', () => {
  it('shows what desired says against what live has for those fields, not live defaults', () => {
    const desired = deployment([{ name: 'web', image: 'nginx:1.28' }]);
    const live = deployment([
      { name: 'web', image: 'nginx:1.27', imagePullPolicy: 'IfNotPresent' },
    ]);
    const [result] = diffObjects([desired], [live], options);
    expect(result.unified).toContain('--- live/apps/Deployment/apps/web');
    expect(result.unified).toContain('-          image: nginx:1.27');
    expect(result.unified).toContain('+          image: nginx:1.28');
    expect(result.unified).not.toContain('imagePullPolicy');
    expect(diffObjects([live], [live], options)[0].unified).toBe('');
  });

  it('masks Secret values in the text too, marking the ones that change', () => {
    const desired = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's' },
      stringData: { password: 'hunter2', user: 'app' },
    };
    const live = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's' },
      data: {
        password: Buffer.from('old').toString('base64'),
        user: Buffer.from('app').toString('base64'),
      },
    };
    const [result] = diffObjects([desired], [live], options);
    expect(result.unified).toContain('+  password: "*** (masked, changed)"');
    expect(result.unified).not.toMatch(/hunter2|aHVudGVyMg|b2xk|YXBw/);
  });
});

describe('parseQuantity', () => {
  it.each([
    ['100m', 0.1],
    ['1Gi', 2 ** 30],
    ['1.5k', 1500],
    ['2e3', 2000],
    [3, 3],
  ])('%s → %s', (input, expected) => {
    expect(parseQuantity(input)).toBeCloseTo(expected as number);
  });

  it('is undefined for what is not a quantity', () => {
    expect(parseQuantity('nginx')).toBeUndefined();
    expect(parseQuantity('1GB')).toBeUndefined();
  });
});
