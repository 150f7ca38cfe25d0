import { withoutServerAssigned } from './serverAssigned';

/** A live Service as an API server returns it, with what its cluster assigned. */
const live = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'apps' },
  spec: {
    type: 'NodePort',
    clusterIP: '10.96.0.11',
    clusterIPs: ['10.96.0.11'],
    ports: [{ name: 'http', port: 80, protocol: 'TCP', nodePort: 30000 }],
  },
};
const liveJob = {
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name: 'migrate', namespace: 'apps' },
  spec: {
    selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'u' } },
    template: {
      metadata: { labels: { app: 'm', 'job-name': 'migrate' } },
      spec: { containers: [] },
    },
  },
};
const comparable = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'apps' },
  spec: {
    type: 'NodePort',
    ports: [{ name: 'http', port: 80, protocol: 'TCP' }],
  },
};

/** A bundle's YAML may declare anything; the live side is what the server assigned. */
describe('server-assigned fields against a hostile declared manifest', () => {
  it('a declared spec that is a string leaves every server-assigned field out', () => {
    expect(
      withoutServerAssigned(live, { ...live, spec: 'clusterIP' } as any),
    ).toEqual(comparable);
  });

  it('declared ports that are null, numbers or strings match nothing and break nothing', () => {
    expect(
      withoutServerAssigned(live, {
        ...live,
        spec: { ports: [null, 80, 'http'] },
      } as any),
    ).toEqual(comparable);
  });

  it('declared ports that are an object, not a list, match nothing', () => {
    expect(
      withoutServerAssigned(live, {
        ...live,
        spec: { ports: { nodePort: 30000 } },
      } as any),
    ).toEqual(comparable);
  });

  it('declared Job template labels that are a string do not keep the controller labels', () => {
    const out: any = withoutServerAssigned(liveJob, {
      ...liveJob,
      spec: { template: { metadata: { labels: 'job-name' } } },
    } as any);
    expect(out.spec.selector).toBeUndefined();
    expect(out.spec.template.metadata.labels).toEqual({ app: 'm' });
  });

  it('a declared object that is null is as if none were declared', () => {
    expect(withoutServerAssigned(live, null as any)).toEqual(comparable);
  });

  it('a key named __proto__ in the declared ports pollutes nothing', () => {
    withoutServerAssigned(
      live,
      JSON.parse('{"spec":{"ports":[{"__proto__":{"nodePort":1}}]}}'),
    );
    expect(({} as any).nodePort).toBeUndefined();
  });
});
