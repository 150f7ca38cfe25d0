import { ApiException, KubernetesObjectApi } from '@kubernetes/client-node';
import { KubeApiServer, kubeConfigFor } from '@arlon-backstage/arlon-sandbox';
import type {
  KubeObject,
  Rendered,
} from '@arlon-backstage/plugin-arlon-common';
import { LiveCluster } from '../live/LiveCluster';
import { compareClusters, findAndCompare, preflight } from './liveComparisons';

const NS = 'web';

const deployment: KubeObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: NS, labels: { app: 'web' } },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: {
        containers: [
          {
            name: 'web',
            image: 'nginx:1.25',
            ports: [{ containerPort: 80 }],
            resources: { requests: { cpu: '100m', memory: '64Mi' } },
          },
        ],
      },
    },
  },
};
const secret: KubeObject = {
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: 'web-credentials', namespace: NS },
  stringData: { password: 'hunter2-original' },
};
const configMap: KubeObject = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'web-settings', namespace: NS },
  data: { LOG_LEVEL: 'info' },
};

const rendered = (...objects: KubeObject[]): Rendered => ({
  objects: objects.map(object => ({ bundle: 'web', object })),
  notes: [],
});

/** What `kubectl apply` leaves: the object, its last-applied annotation, and the server's defaults. */
function applied(o: KubeObject): KubeObject {
  const withDefaults: any = structuredClone(o);
  withDefaults.metadata.annotations = {
    'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify(o),
  };
  if (o.kind === 'Deployment') {
    withDefaults.spec.progressDeadlineSeconds = 600;
    withDefaults.spec.strategy = {
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' },
    };
    const c = withDefaults.spec.template.spec.containers[0];
    c.imagePullPolicy = 'IfNotPresent';
    c.terminationMessagePath = '/dev/termination-log';
    c.ports[0].protocol = 'TCP';
  }
  return withDefaults;
}

describe('live comparisons against a cluster', () => {
  let server: KubeApiServer;
  let other: KubeApiServer;
  let cluster: LiveCluster;
  let otherCluster: LiveCluster;
  let api: KubernetesObjectApi;

  beforeAll(async () => {
    server = await KubeApiServer.start({ token: 't' });
    other = await KubeApiServer.start({ token: 't' });
    const kc = kubeConfigFor(server.url, 't', server.caData);
    cluster = new LiveCluster('dev-1', kc);
    otherCluster = new LiveCluster(
      'dev-2',
      kubeConfigFor(other.url, 't', other.caData),
    );
    api = KubernetesObjectApi.makeApiClient(kc);
    for (const target of [kc, kubeConfigFor(other.url, 't', other.caData)]) {
      const client = KubernetesObjectApi.makeApiClient(target);
      await client.create({
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: NS },
      });
      for (const o of [deployment, secret, configMap])
        await client.create(applied(o));
    }
  });
  afterAll(async () => {
    await server.stop();
    await other.stop();
  });
  afterEach(() => {
    server.faults.unsupportedPatchTypes = [];
  });

  it('reports exactly the one field changed live, with a server-side dry-run apply', async () => {
    await api.patch(
      { ...deployment, spec: { replicas: 5 } } as any,
      undefined,
      undefined,
      'kubectl-scale',
      undefined,
      'application/merge-patch+json',
    );
    const result = await preflight(
      'bundle web → cluster dev-1',
      rendered(deployment, secret, configMap),
      cluster,
    );
    expect(result.method).toBe('server-side-dry-run');
    expect(result.summary).toEqual({
      create: 0,
      update: 1,
      delete: 0,
      unchanged: 2,
    });
    const update = result.objects.find(o => o.action === 'update')!;
    expect(update.key).toBe('apps/Deployment/web/web');
    expect(update.bundle).toBe('web');
    expect(update.changes).toEqual([
      { path: 'spec.replicas', kind: 'changed', from: 5, to: 2 },
    ]);
    expect(update.unified).toContain('-  replicas: 5\n+  replicas: 2');
  });

  it('falls back to the client-side three-way comparison when the server refuses apply patches, and says so', async () => {
    server.faults.unsupportedPatchTypes = ['application/apply-patch+yaml'];
    const result = await preflight(
      't',
      rendered(deployment, secret, configMap),
      cluster,
    );
    expect(result.method).toBe('client-side');
    expect(result.notes.join('\n')).toMatch(
      /refused a server-side dry-run apply \(HTTP 415.*compared client-side/,
    );
    // Defaults the server added (strategy, imagePullPolicy…) are not differences.
    expect(
      result.objects.filter(o => o.action !== 'unchanged').map(o => o.changes),
    ).toEqual([[{ path: 'spec.replicas', kind: 'changed', from: 5, to: 2 }]]);
  });

  it('pre-flights an unapplied bundle as creates only, naming kinds the cluster does not serve', async () => {
    const widget: KubeObject = {
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'w', namespace: 'extra' },
      spec: { size: 3 },
    };
    const extra: KubeObject = {
      ...configMap,
      metadata: { name: 'extra-settings', namespace: 'extra' },
    };
    const result = await preflight('t', rendered(extra, widget), cluster);
    expect(result.objects.map(o => [o.key, o.action])).toEqual([
      ['/ConfigMap/extra/extra-settings', 'create'],
      ['example.com/Widget/extra/w', 'create'],
    ]);
    expect(result.notes).toEqual([
      'example.com/v1 Widget is not served by cluster dev-1: applying would fail until its CRD is installed',
      'namespace extra does not exist on cluster dev-1 yet (ArgoCD creates it on sync), so the server could not check the objects that go in it',
    ]);
  });

  it('masks Secret values and marks the changed one, in both methods', async () => {
    const changed = {
      ...secret,
      stringData: { password: 'hunter2-rotated', user: 'web' },
    };
    for (const faults of [[], ['application/apply-patch+yaml']]) {
      server.faults.unsupportedPatchTypes = faults;
      const result = await preflight('t', rendered(changed), cluster);
      const text = JSON.stringify(result);
      for (const plain of ['hunter2', 'aHVudGVyM', 'd2Vi'])
        expect(text).not.toContain(plain);
      const update = result.objects[0];
      expect(update.action).toBe('update');
      expect(update.changes.map(c => [c.path, c.kind])).toEqual([
        ['data.password', 'changed'],
        ['data.user', 'added'],
      ]);
      expect(update.unified).toContain('password: "*** (masked, changed)"');
    }
  });

  it('reports objects ArgoCD tracks but no longer renders as deletes', async () => {
    const result = await preflight('t', rendered(deployment), cluster, {
      tracked: [
        { bundle: 'web', ref: configMap },
        { bundle: 'web', ref: deployment },
      ],
    });
    expect(result.objects.map(o => [o.key, o.action, o.bundle])).toEqual([
      ['/ConfigMap/web/web-settings', 'delete', 'web'],
      ['apps/Deployment/web/web', 'update', 'web'],
    ]);
    expect(result.notes).toContain(
      '1 object(s) ArgoCD tracks are no longer rendered: they are deleted if the application prunes',
    );
  });

  it('sends the dry runs while the live objects are read, not after, with the same answer', async () => {
    const events: string[] = [];
    /** The real cluster, saying when its reads end and its dry runs begin. */
    class Watched extends LiveCluster {
      override async read(refs: Parameters<LiveCluster['read']>[0]) {
        const result = await super.read(refs);
        events.push('read done');
        return result;
      }
      override dryRunApply(object: KubeObject) {
        events.push('dry run');
        return super.dryRunApply(object);
      }
    }
    const kc = kubeConfigFor(server.url, 't', server.caData);
    const watched = new Watched('dev-1', kc);
    const objects = rendered(deployment, secret, configMap);
    const result = await preflight('t', objects, watched);
    expect(events.indexOf('dry run')).toBeLessThan(events.indexOf('read done'));
    expect(events.filter(e => e === 'dry run')).toHaveLength(3);
    const sequential = await preflight('t', objects, cluster);
    expect(result).toEqual(sequential);
  });

  it('bounds the dry runs in flight by the concurrency option', async () => {
    let inFlight = 0;
    let most = 0;
    class Counted extends LiveCluster {
      override async dryRunApply(object: KubeObject) {
        most = Math.max(most, ++inFlight);
        try {
          return await super.dryRunApply(object);
        } finally {
          inFlight--;
        }
      }
    }
    const kc = kubeConfigFor(server.url, 't', server.caData);
    const many = Array.from({ length: 12 }, (_, i) => ({
      ...configMap,
      metadata: { name: `many-${i}`, namespace: NS },
    }));
    const result = await preflight(
      't',
      rendered(...many),
      new Counted('dev-1', kc),
      {
        concurrency: 3,
      },
    );
    expect(result.summary.create).toBe(12);
    expect(most).toBe(3);
    // By default, the sixteen bench:diff measures.
    most = 0;
    const more = Array.from({ length: 40 }, (_, i) => ({
      ...configMap,
      metadata: { name: `more-${i}`, namespace: NS },
    }));
    await preflight('t', rendered(...more), new Counted('dev-1', kc));
    expect(most).toBe(16);
  });

  it('takes the last of two manifests for one object, whichever dry run answers first', async () => {
    const first: any = structuredClone(deployment);
    first.spec.replicas = 3;
    /** The first manifest's dry run answers after the second's. */
    class Reordered extends LiveCluster {
      override async dryRunApply(object: KubeObject) {
        if (object === first) await new Promise(r => setTimeout(r, 50));
        return super.dryRunApply(object);
      }
    }
    const kc = kubeConfigFor(server.url, 't', server.caData);
    const result = await preflight(
      't',
      rendered(first, deployment),
      new Reordered('dev-1', kc),
    );
    expect(result.method).toBe('server-side-dry-run');
    expect(result.objects.map(o => [o.key, o.action])).toEqual([
      ['apps/Deployment/web/web', 'update'],
    ]);
    expect(result.objects[0].changes).toEqual([
      { path: 'spec.replicas', kind: 'changed', from: 5, to: 2 },
    ]);
  });

  it('compares exactly the predictions that answered before the live objects were read', async () => {
    const dropped = { ...configMap, data: { WORKERS: '4' } };
    /** Reads the live objects only once every dry run has answered. */
    class SlowReads extends LiveCluster {
      answered = 0;
      override async dryRunApply(object: KubeObject) {
        const answer = await super.dryRunApply(object);
        this.answered++;
        return answer;
      }
      override async read(refs: Parameters<LiveCluster['read']>[0]) {
        while (this.answered < 3) await new Promise(r => setTimeout(r, 5));
        return super.read(refs);
      }
    }
    const kc = kubeConfigFor(server.url, 't', server.caData);
    const objects = rendered(dropped, deployment, secret);
    const clientSide = await preflight('t', objects, cluster, {
      serverSide: false,
    });
    const late = await preflight('t', objects, new SlowReads('dev-1', kc));
    expect(late.method).toBe('server-side-dry-run');
    expect(late).toEqual(await preflight('t', objects, cluster));
    expect(late.objects).not.toEqual(clientSide.objects);
  });

  it('compares every object client-side when a refusal comes after other dry runs answered', async () => {
    // Live holds LOG_LEVEL from kubectl's apply; a manifest that drops it
    // removes it client-side (three-way), while a server-side apply as
    // ArgoCD leaves another manager's field: the two methods disagree here.
    const dropped = { ...configMap, data: { WORKERS: '4' } };
    /** Refuses dry runs (403), for the last object only, after the rest answered. */
    class RefusesLast extends LiveCluster {
      answered = 0;
      override async dryRunApply(object: KubeObject) {
        if (object !== secret) {
          const answer = await super.dryRunApply(object);
          this.answered++;
          return answer;
        }
        while (this.answered < 2) await new Promise(r => setTimeout(r, 5));
        throw new ApiException(403, 'Forbidden', '{"message":"no"}', {});
      }
    }
    const kc = kubeConfigFor(server.url, 't', server.caData);
    const objects = rendered(dropped, deployment, secret);
    const exact = await preflight('t', objects, cluster);
    const refused = await preflight('t', objects, new RefusesLast('dev-1', kc));
    const clientSide = await preflight('t', objects, cluster, {
      serverSide: false,
    });
    const changesOf = (r: typeof exact) =>
      r.objects.map(o => [o.key, o.action, o.changes]);
    expect(changesOf(exact)).not.toEqual(changesOf(clientSide));
    expect(refused.method).toBe('client-side');
    expect(refused.notes.join('\n')).toMatch(/refused .*HTTP 403: no/);
    expect(changesOf(refused)).toEqual(changesOf(clientSide));
  });

  it('compares client-side, under its own name, an object whose dry run answers for another object', async () => {
    const changed = { ...configMap, data: { LOG_LEVEL: 'debug' } };
    /** A broken server or proxy: its answer for the ConfigMap names the Secret. */
    class Misanswers extends LiveCluster {
      override async dryRunApply(object: KubeObject) {
        const answer = await super.dryRunApply(object);
        if (object !== changed) return answer;
        return {
          ...answer,
          metadata: { ...answer.metadata, name: secret.metadata.name },
        };
      }
    }
    const kc = kubeConfigFor(server.url, 't', server.caData);
    const result = await preflight(
      't',
      rendered(changed, deployment),
      new Misanswers('dev-1', kc),
    );
    const clientSide = await preflight('t', rendered(changed), cluster, {
      serverSide: false,
    });
    expect(result.objects.map(o => [o.key, o.action])).toEqual([
      ['/ConfigMap/web/web-settings', 'update'],
      ['apps/Deployment/web/web', 'update'],
    ]);
    expect(result.objects[0]).toEqual(clientSide.objects[0]);
    expect(result.notes).toContain(
      '/ConfigMap/web/web-settings: the API server answered its dry run for /ConfigMap/web/web-credentials; compared client-side',
    );
  });

  it('names the objects the server would reject in the order of the manifests, whichever answer comes first', async () => {
    const first = { ...configMap, metadata: { name: 'first', namespace: NS } };
    const second = {
      ...configMap,
      metadata: { name: 'second', namespace: NS },
    };
    /** Rejects both (422); the first manifest's answer comes after the second's. */
    class RejectsBoth extends LiveCluster {
      rejected = 0;
      override async dryRunApply(object: KubeObject) {
        if (object === first)
          while (this.rejected < 1) await new Promise(r => setTimeout(r, 5));
        if (object === first || object === second) {
          this.rejected++;
          throw new ApiException(
            422,
            'Invalid',
            JSON.stringify({ message: `${object.metadata.name} is invalid` }),
            {},
          );
        }
        return super.dryRunApply(object);
      }
    }
    const kc = kubeConfigFor(server.url, 't', server.caData);
    const result = await preflight(
      't',
      rendered(first, second),
      new RejectsBoth('dev-1', kc),
    );
    expect(result.notes).toEqual([
      '/ConfigMap/web/first: the API server would reject this object (HTTP 422: first is invalid)',
      '/ConfigMap/web/second: the API server would reject this object (HTTP 422: second is invalid)',
    ]);
  });

  describe('when something fails mid-way', () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    beforeEach(() => {
      unhandled.length = 0;
      process.on('unhandledRejection', record);
    });
    afterEach(() => {
      process.off('unhandledRejection', record);
    });
    /** Until every dry run has settled, then a few turns of the event loop for late rejections. */
    const settled = async (failing: { inFlight: number }) => {
      while (failing.inFlight) await new Promise(r => setTimeout(r, 5));
      for (let i = 0; i < 5; i++) await new Promise(r => setImmediate(r));
    };

    /** The real cluster, whose live Deployment throws when its spec is read, its lists slow or failing. */
    class Failing extends LiveCluster {
      inFlight = 0;
      answered = 0;
      constructor(
        private readonly how: {
          readsAfterAnswers?: number;
          readsFail?: boolean;
          dryRunsFailAfterReads?: boolean;
        },
      ) {
        super('dev-1', kubeConfigFor(server.url, 't', server.caData));
      }
      readDone = false;
      override async read(refs: Parameters<LiveCluster['read']>[0]) {
        while (this.answered < (this.how.readsAfterAnswers ?? 0))
          await new Promise(r => setTimeout(r, 5));
        if (this.how.readsFail) {
          this.readDone = true;
          throw new Error('the list failed');
        }
        const result = await super.read(refs);
        this.readDone = true;
        return {
          ...result,
          live: result.live.map(o =>
            o.kind === 'Deployment'
              ? Object.defineProperty({ ...o }, 'spec', {
                  enumerable: true,
                  get() {
                    throw new Error('a comparison failed');
                  },
                })
              : o,
          ),
        };
      }
      override async dryRunApply(object: KubeObject) {
        this.inFlight++;
        try {
          if (this.how.dryRunsFailAfterReads) {
            while (!this.readDone) await new Promise(r => setTimeout(r, 5));
            throw new Error('the connection dropped');
          }
          const answer = await super.dryRunApply(object);
          this.answered++;
          return answer;
        } finally {
          this.inFlight--;
        }
      }
    }
    const many = () =>
      rendered(
        deployment,
        ...Array.from({ length: 6 }, (_, i) => ({
          ...configMap,
          metadata: { name: `late-${i}`, namespace: NS },
        })),
      );

    it('rejects when a comparison throws as its prediction arrives, and nothing is left unhandled', async () => {
      const failing = new Failing({});
      await expect(
        preflight('t', many(), failing, { concurrency: 2 }),
      ).rejects.toThrow('a comparison failed');
      await settled(failing);
      expect(unhandled).toEqual([]);
    });

    it('rejects when a comparison of a prediction that came before the lists throws, and nothing is left unhandled', async () => {
      const failing = new Failing({ readsAfterAnswers: 7 });
      await expect(preflight('t', many(), failing)).rejects.toThrow(
        'a comparison failed',
      );
      await settled(failing);
      expect(unhandled).toEqual([]);
    });

    it('rejects when the lists fail while dry runs are in flight, and their later failures are not left unhandled', async () => {
      const failing = new Failing({
        readsFail: true,
        dryRunsFailAfterReads: true,
      });
      await expect(preflight('t', many(), failing)).rejects.toThrow(
        'the list failed',
      );
      await settled(failing);
      expect(unhandled).toEqual([]);
    });
  });

  it('compares one cluster with another for the same objects, counting every field', async () => {
    const result = await compareClusters(
      'cluster dev-1 → cluster dev-2',
      rendered(deployment, configMap, {
        ...configMap,
        metadata: { name: 'nowhere', namespace: NS },
      }),
      cluster,
      otherCluster,
    );
    expect(result.method).toBe('exact');
    expect(
      result.objects
        .filter(o => o.action !== 'unchanged')
        .map(o => [o.key, o.changes]),
    ).toEqual([
      [
        'apps/Deployment/web/web',
        [{ path: 'spec.replicas', kind: 'changed', from: 5, to: 2 }],
      ],
    ]);
    expect(result.notes).toEqual([
      '1 object(s) exist on neither cluster dev-1 nor dev-2',
    ]);
  });

  it("finds a bundle's objects by kind and name in whatever namespace they run", async () => {
    await api.create({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'elsewhere' },
    });
    await api.create(
      applied({
        ...configMap,
        metadata: { name: 'web-settings', namespace: 'elsewhere' },
        data: { LOG_LEVEL: 'debug' },
      }),
    );
    const result = await findAndCompare(
      'bundle web in cluster dev-1',
      rendered(configMap, {
        ...configMap,
        metadata: { name: 'missing', namespace: NS },
      }),
      cluster,
    );
    expect(
      result.objects.map(o => [o.key, o.action, o.changes.map(c => c.path)]),
    ).toEqual([
      ['/ConfigMap/elsewhere/web-settings', 'update', ['data.LOG_LEVEL']],
      ['/ConfigMap/web/missing', 'create', ['']],
      ['/ConfigMap/web/web-settings', 'unchanged', []],
    ]);
  });
});
