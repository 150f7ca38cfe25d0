import { lastApplied, normalizeObject } from './normalize';

describe('normalizeObject', () => {
  it('drops status and every piece of server-set metadata', () => {
    expect(
      normalizeObject({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: {
          name: 'a',
          namespace: 'apps',
          managedFields: [{ manager: 'kubectl' }],
          resourceVersion: '7',
          uid: 'u',
          generation: 2,
          creationTimestamp: '2026-01-01T00:00:00Z',
          selfLink: '/api/v1/namespaces/apps/configmaps/a',
          deletionTimestamp: '2026-01-02T00:00:00Z',
          deletionGracePeriodSeconds: 30,
          ownerReferences: [{ kind: 'Deployment', name: 'web' }],
        } as any,
        status: { phase: 'Active' },
        data: { k: 'v' },
      }),
    ).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'a', namespace: 'apps' },
      data: { k: 'v' },
    });
  });

  it('drops bookkeeping annotations and labels, keeping the others', () => {
    expect(
      normalizeObject({
        metadata: {
          name: 'a',
          annotations: {
            'kubectl.kubernetes.io/last-applied-configuration': '{"data":{}}',
            'argocd.argoproj.io/tracking-id': 'app:/ConfigMap:apps/a',
            'deployment.kubernetes.io/revision': '3',
            team: 'blue',
          },
          labels: { 'app.kubernetes.io/instance': 'c1-web', tier: 'web' },
        },
      }),
    ).toEqual({
      metadata: {
        name: 'a',
        annotations: { team: 'blue' },
        labels: { tier: 'web' },
      },
    });
  });

  it('drops annotations and labels left empty, and only those', () => {
    expect(
      normalizeObject({
        metadata: {
          name: 'a',
          annotations: { 'argocd.argoproj.io/tracking-id': 'x' },
          labels: { 'app.kubernetes.io/instance': 'c1-web' },
        },
      }),
    ).toEqual({ metadata: { name: 'a' } });
    expect(
      normalizeObject({ metadata: { name: 'a', annotations: {}, labels: {} } }),
    ).toEqual({ metadata: { name: 'a' } });
  });

  it('leaves an object without metadata, annotations or labels as it is', () => {
    expect(normalizeObject({ kind: 'X', spec: { a: 1 } } as any)).toEqual({
      kind: 'X',
      spec: { a: 1 },
    });
    expect(normalizeObject({ metadata: { name: 'a' } })).toEqual({
      metadata: { name: 'a' },
    });
  });

  it('never changes the object it is given', () => {
    const object = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: {
        name: 's',
        uid: 'u',
        annotations: { 'argocd.argoproj.io/tracking-id': 'y' },
      },
      stringData: { k: 'v' },
      status: {},
    };
    const copy = structuredClone(object);
    normalizeObject(object as any);
    expect(object).toEqual(copy);
  });

  it("folds a Secret's stringData into base64 data (UTF-8), over data of the same key", () => {
    expect(
      normalizeObject({
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 's' },
        data: { kept: 'a2VwdA==', k: 'b2xk' },
        stringData: { k: 'v', accent: 'é', empty: null as any, n: 3 as any },
      } as any),
    ).toEqual({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's' },
      data: {
        kept: 'a2VwdA==',
        k: 'dg==',
        accent: 'w6k=',
        empty: '',
        n: 'Mw==',
      },
    });
  });

  it('folds stringData into a Secret without data', () => {
    expect(
      normalizeObject({
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 's' },
        stringData: { k: 'v' },
      } as any),
    ).toEqual({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's' },
      data: { k: 'dg==' },
    });
  });

  it('leaves stringData of what is not a core v1 Secret alone', () => {
    const notCore = {
      apiVersion: 'example.com/v1',
      kind: 'Secret',
      metadata: { name: 's' },
      stringData: { k: 'v' },
    };
    expect(normalizeObject(notCore as any)).toEqual(notCore);
    const notSecret = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 's' },
      stringData: { k: 'v' },
    };
    expect(normalizeObject(notSecret as any)).toEqual(notSecret);
  });
});

describe('lastApplied', () => {
  const annotated = (text: string) => ({
    metadata: {
      name: 'a',
      annotations: {
        'kubectl.kubernetes.io/last-applied-configuration': text,
      },
    },
  });

  it("reads kubectl's last-applied configuration", () => {
    expect(
      lastApplied(annotated('{"kind":"ConfigMap","data":{"k":"v"}}')),
    ).toEqual({ kind: 'ConfigMap', data: { k: 'v' } });
  });

  it('is undefined without the annotation, or when it is not JSON', () => {
    expect(lastApplied(undefined)).toBeUndefined();
    expect(lastApplied({ metadata: { name: 'a' } })).toBeUndefined();
    expect(lastApplied(annotated(''))).toBeUndefined();
    expect(lastApplied(annotated('{not json'))).toBeUndefined();
  });
});

describe('normalizeObject on a live object', () => {
  const live = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'web',
      namespace: 'web',
      uid: 'u',
      resourceVersion: '7',
      creationTimestamp: new Date(0),
      managedFields: [{ manager: 'm', time: new Date(0), fieldsV1: {} }],
      labels: { app: 'web', 'app.kubernetes.io/instance': 'x' },
    },
    spec: { replicas: 2 },
    status: { replicas: 2 },
  };

  it('leaves the object it was given as it was', () => {
    const before = structuredClone(live);
    normalizeObject(live as any);
    expect(live).toEqual(before);
    expect(live.metadata.managedFields[0].time).toBeInstanceOf(Date);
  });

  it('keeps the order of what is left, and copies it', () => {
    const normal: any = normalizeObject(live as any);
    expect(Object.keys(normal)).toEqual([
      'apiVersion',
      'kind',
      'metadata',
      'spec',
    ]);
    expect(Object.keys(normal.metadata)).toEqual([
      'name',
      'namespace',
      'labels',
    ]);
    expect(normal.metadata.labels).toEqual({ app: 'web' });
    expect(normal.spec).not.toBe(live.spec);
  });

  it('leaves metadata that is not an object as it is', () => {
    expect(normalizeObject({ kind: 'X', metadata: null } as any)).toEqual({
      kind: 'X',
      metadata: null,
    });
  });
});
