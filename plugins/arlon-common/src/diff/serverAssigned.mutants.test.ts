import { withoutServerAssigned } from './serverAssigned';

/**
 * What withoutServerAssigned strips and keeps, case by case: only a v1
 * Service's and a batch/v1 Job's assigned fields, only when the manifest
 * leaves them out, and node ports matched to the declared port they belong to.
 */
const service = (spec: object, apiVersion = 'v1', kind = 'Service') => ({
  apiVersion,
  kind,
  metadata: { name: 'web' },
  spec,
});

describe('withoutServerAssigned: which objects', () => {
  const assigned = { clusterIP: '10.0.0.1', selector: { app: 'web' } };

  it.each([
    ['a v1 object of another kind', 'v1', 'ConfigMap'],
    ['a Service of another group', 'example.com/v1', 'Service'],
    ['a Deployment', 'apps/v1', 'Deployment'],
    ['a CronJob', 'batch/v1', 'CronJob'],
    ['a Job of another group', 'example.com/v1', 'Job'],
  ])('leaves %s untouched', (_, apiVersion, kind) => {
    const o = service(assigned, apiVersion, kind);
    expect(withoutServerAssigned(o)).toEqual(o);
  });
});

describe('withoutServerAssigned: Service', () => {
  it('keeps clusterIPs and healthCheckNodePort the manifest sets', () => {
    const spec = { clusterIPs: ['10.0.0.1'], healthCheckNodePort: 31000 };
    expect(withoutServerAssigned(service(spec), service(spec)).spec).toEqual(
      spec,
    );
  });

  it('skips port entries that are not mappings instead of failing', () => {
    const live = service({ ports: [null, { port: 80, nodePort: 30080 }] });
    expect(withoutServerAssigned(live).spec).toEqual({
      ports: [null, { port: 80 }],
    });
  });

  it('keeps a declared node port matched by port name when the port number changed', () => {
    const live = service({
      ports: [{ name: 'http', port: 80, nodePort: 30080 }],
    });
    const declared = service({
      ports: [{ name: 'http', port: 8080, nodePort: 30080 }],
    });
    expect((withoutServerAssigned(live, declared) as any).spec.ports).toEqual([
      { name: 'http', port: 80, nodePort: 30080 },
    ]);
  });

  it('matches an unnamed declared port by number, not to every unnamed port', () => {
    const live = service({
      ports: [
        { port: 80, nodePort: 31000 },
        { port: 443, nodePort: 30443 },
      ],
    });
    const declared = service({ ports: [{ port: 443, nodePort: 30443 }] });
    expect((withoutServerAssigned(live, declared) as any).spec.ports).toEqual([
      { port: 80 },
      { port: 443, nodePort: 30443 },
    ]);
  });

  it('does not match a UDP port to a declared TCP port of the same number', () => {
    const live = service({
      ports: [{ port: 53, protocol: 'UDP', nodePort: 30053 }],
    });
    const declared = service({
      ports: [{ port: 53, protocol: 'TCP', nodePort: 30053 }],
    });
    expect((withoutServerAssigned(live, declared) as any).spec.ports).toEqual([
      { port: 53, protocol: 'UDP' },
    ]);
  });

  it.each([
    ['the manifest omits TCP and the server fills it in', undefined, 'TCP'],
    ['both omit the protocol', undefined, undefined],
    ['both say UDP', 'UDP', 'UDP'],
  ])(
    'keeps a declared node port when %s',
    (_, declaredProtocol, liveProtocol) => {
      const live = service({
        ports: [{ port: 53, protocol: liveProtocol, nodePort: 30053 }],
      });
      const declared = service({
        ports: [{ port: 53, protocol: declaredProtocol, nodePort: 30053 }],
      });
      expect(
        (withoutServerAssigned(live, declared) as any).spec.ports[0].nodePort,
      ).toBe(30053);
    },
  );
});

describe('withoutServerAssigned: Job', () => {
  const job = (spec: object) => ({
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'migrate' },
    spec,
  });

  it('drops the selector of a Job with no pod template, or a template with no metadata, instead of failing', () => {
    expect(withoutServerAssigned(job({ selector: {} })).spec).toEqual({});
    expect(
      withoutServerAssigned(job({ selector: {}, template: { spec: {} } })).spec,
    ).toEqual({ template: { spec: {} } });
  });

  it('keeps a job label the manifest sets', () => {
    const labels = { 'job-name': 'migrate', 'controller-uid': 'u1' };
    const live = job({ template: { metadata: { labels } } });
    const declared = job({
      template: { metadata: { labels: { 'job-name': 'migrate' } } },
    });
    expect(withoutServerAssigned(live, declared).spec).toEqual({
      template: { metadata: { labels: { 'job-name': 'migrate' } } },
    });
  });

  it('leaves no empty labels behind when every label was assigned', () => {
    const live = job({
      template: { metadata: { labels: { 'job-name': 'migrate' } } },
    });
    expect(withoutServerAssigned(live).spec).toEqual({
      template: { metadata: {} },
    });
  });
});
