import { KubernetesObjectApi } from '@kubernetes/client-node';
import { KubeApiServer, kubeConfigFor } from '@arlon-backstage/arlon-sandbox';
import type {
  KubeObject,
  Rendered,
} from '@arlon-backstage/plugin-arlon-common';
import { LiveCluster } from '../live/LiveCluster';
import { compareClusters } from './liveComparisons';

const NS = 'shop';

const service: KubeObject = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: NS },
  spec: {
    type: 'NodePort',
    selector: { app: 'web' },
    ports: [
      { name: 'http', port: 80, targetPort: 8080 },
      { name: 'metrics', port: 9090 },
    ],
  },
};
const job: KubeObject = {
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name: 'migrate', namespace: NS },
  spec: {
    template: {
      metadata: { labels: { app: 'migrate' } },
      spec: {
        restartPolicy: 'Never',
        containers: [{ name: 'migrate', image: 'migrate:1' }],
      },
    },
  },
};
const rendered: Rendered = {
  objects: [service, job].map(object => ({ bundle: 'shop', object })),
  notes: [],
};

describe('one sandbox workload cluster against another, for the same Service and Job', () => {
  const servers: KubeApiServer[] = [];
  const clusters: LiveCluster[] = [];
  const apis: KubernetesObjectApi[] = [];

  beforeAll(async () => {
    for (const name of ['east', 'west']) {
      const server = await KubeApiServer.start({ token: 't' });
      servers.push(server);
      const kc = kubeConfigFor(server.url, 't', server.caData);
      clusters.push(new LiveCluster(name, kc));
      const api = KubernetesObjectApi.makeApiClient(kc);
      apis.push(api);
      await api.create({
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: NS },
      });
    }
    // West has run other Services before: its allocations differ from east's.
    await apis[1].create({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'earlier', namespace: NS },
      spec: { type: 'NodePort', ports: [{ port: 1 }, { port: 2 }] },
    });
    for (const api of apis) for (const o of [service, job]) await api.create(o);
  });
  afterAll(async () => {
    await Promise.all(servers.map(s => s.stop()));
  });

  const read = (i: number, o: KubeObject): Promise<any> =>
    apis[i].read({
      apiVersion: o.apiVersion,
      kind: o.kind,
      metadata: { name: o.metadata.name, namespace: NS },
    });

  it('each cluster assigned its own cluster IP, node ports and Job selector (the premise)', async () => {
    const [east, west] = [await read(0, service), await read(1, service)];
    expect(east.spec.clusterIP).not.toBe(west.spec.clusterIP);
    expect(east.spec.ports[0].nodePort).not.toBe(west.spec.ports[0].nodePort);
    const [eastJob, westJob] = [await read(0, job), await read(1, job)];
    expect(eastJob.spec.selector).not.toEqual(westJob.spec.selector);
  });

  it('reports no change between them', async () => {
    const result = await compareClusters(
      'cluster east → cluster west',
      rendered,
      clusters[0],
      clusters[1],
    );
    expect(result.objects.map(o => [o.key, o.action, o.changes])).toEqual([
      ['/Service/shop/web', 'unchanged', []],
      ['batch/Job/shop/migrate', 'unchanged', []],
    ]);
  });

  it('reports exactly a real change: a port’s target in one cluster', async () => {
    const live = await read(1, service);
    live.spec.ports[0].targetPort = 8081;
    await apis[1].replace(live);
    const result = await compareClusters(
      'cluster east → cluster west',
      rendered,
      clusters[0],
      clusters[1],
    );
    expect(
      result.objects
        .filter(o => o.action !== 'unchanged')
        .map(o => [o.key, o.changes]),
    ).toEqual([
      [
        '/Service/shop/web',
        [
          {
            path: 'spec.ports[port=80,protocol=TCP,name=http].targetPort',
            kind: 'changed',
            from: 8080,
            to: 8081,
          },
        ],
      ],
    ]);
  });
});
