import { diffObjects } from './diffObjects';
import { withoutServerAssigned } from './serverAssigned';

const options = {
  defaultNamespace: 'apps',
  isNamespaced: () => true,
  exact: true,
  prune: true,
};

/** A Service as one cluster stores it, with what that cluster assigned. */
const liveService = (
  clusterIP: string,
  nodePorts: [number, number],
  extra: object = {},
) => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'apps', uid: clusterIP },
  spec: {
    type: 'LoadBalancer',
    clusterIP,
    clusterIPs: [clusterIP],
    externalTrafficPolicy: 'Local',
    healthCheckNodePort: nodePorts[0] + 1000,
    ports: [
      { name: 'http', port: 80, protocol: 'TCP', nodePort: nodePorts[0] },
      { name: 'https', port: 443, protocol: 'TCP', nodePort: nodePorts[1] },
    ],
    selector: { app: 'web' },
    ...extra,
  },
});

/** A Job as one cluster stores it: selector and pod labels from its uid. */
const liveJob = (uid: string, image = 'migrate:1') => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name: 'migrate', namespace: 'apps', uid },
  spec: {
    backoffLimit: 6,
    selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } },
    template: {
      metadata: {
        labels: {
          app: 'migrate',
          'batch.kubernetes.io/controller-uid': uid,
          'batch.kubernetes.io/job-name': 'migrate',
          'controller-uid': uid,
          'job-name': 'migrate',
        },
      },
      spec: {
        restartPolicy: 'Never',
        containers: [{ name: 'migrate', image }],
      },
    },
  },
});

const declaredService = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web' },
  spec: {
    type: 'LoadBalancer',
    externalTrafficPolicy: 'Local',
    ports: [
      { name: 'http', port: 80 },
      { name: 'https', port: 443 },
    ],
    selector: { app: 'web' },
  },
};

describe('two live clusters compared: what each assigns itself', () => {
  it('finds no change between two clusters that gave the same Service their own cluster IPs and node ports', () => {
    const [diff] = diffObjects(
      [liveService('10.96.0.10', [30001, 30002])],
      [liveService('10.43.7.7', [31500, 31501])],
      { ...options, declared: [declaredService] },
    );
    expect(diff).toMatchObject({ action: 'unchanged', changes: [] });
  });

  it('still reports a real change beside them, and only that', () => {
    const [diff] = diffObjects(
      [liveService('10.96.0.10', [30001, 30002], { selector: { app: 'v2' } })],
      [liveService('10.43.7.7', [31500, 31501])],
      { ...options, declared: [declaredService] },
    );
    expect(diff.changes).toEqual([
      { path: 'spec.selector.app', kind: 'changed', from: 'web', to: 'v2' },
    ]);
  });

  it('compares a cluster IP and node port the manifest sets: they are intent', () => {
    const declared = {
      ...declaredService,
      spec: {
        ...declaredService.spec,
        clusterIP: '10.96.0.10',
        ports: [{ name: 'http', port: 80, nodePort: 30001 }, { port: 443 }],
      },
    };
    const [diff] = diffObjects(
      [liveService('10.96.0.10', [30001, 30002])],
      [liveService('10.43.7.7', [31500, 31501])],
      { ...options, declared: [declared] },
    );
    expect(diff.changes.map(c => c.path).sort()).toEqual([
      'spec.clusterIP',
      'spec.ports[port=80,protocol=TCP,name=http].nodePort',
    ]);
  });

  it('finds no change between the same Job in two clusters (selector and pod labels from each uid), and a changed image when there is one', () => {
    const declared = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'migrate' },
      spec: {
        template: {
          metadata: { labels: { app: 'migrate' } },
          spec: { containers: [{ name: 'migrate', image: 'migrate:1' }] },
        },
      },
    };
    const [same] = diffObjects([liveJob('uid-a')], [liveJob('uid-b')], {
      ...options,
      declared: [declared],
    });
    expect(same).toMatchObject({ action: 'unchanged', changes: [] });
    const [changed] = diffObjects(
      [liveJob('uid-a', 'migrate:2')],
      [liveJob('uid-b')],
      { ...options, declared: [declared] },
    );
    expect(changed.changes).toEqual([
      {
        path: 'spec.template.spec.containers[name=migrate].image',
        kind: 'changed',
        from: 'migrate:1',
        to: 'migrate:2',
      },
    ]);
  });

  it('keeps a manual Job selector the manifest sets', () => {
    const job = liveJob('uid-a');
    const declared = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'migrate' },
      spec: {
        manualSelector: true,
        selector: { matchLabels: { app: 'migrate' } },
        template: { metadata: { labels: { app: 'migrate' } } },
      },
    };
    expect(withoutServerAssigned(job, declared).spec.selector).toEqual(
      job.spec.selector,
    );
    expect(
      withoutServerAssigned(job, declared).spec.template.metadata.labels,
    ).toEqual({ app: 'migrate' });
  });

  it('leaves server-assigned fields in every other comparison (a manifest against live)', () => {
    const [diff] = diffObjects(
      [
        {
          ...declaredService,
          spec: { ...declaredService.spec, clusterIP: '10.0.0.1' },
        },
      ],
      [liveService('10.96.0.10', [30001, 30002])],
      { ...options, exact: false, prune: false },
    );
    expect(diff.changes).toEqual([
      {
        path: 'spec.clusterIP',
        kind: 'changed',
        from: '10.96.0.10',
        to: '10.0.0.1',
      },
    ]);
  });
});
