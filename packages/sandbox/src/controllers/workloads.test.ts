import { ObjectStore } from '../kube/ObjectStore';
import { parseLabelSelector } from '../kube/selectors';
import { WorkloadController } from './WorkloadController';

const NS = 'default';

/** The workload controller over one cluster's store, as kube-controller-manager would act. */
describe('WorkloadController', () => {
  let store: ObjectStore;
  let controller: WorkloadController;
  const deployments = () => store.type('apps', 'deployments')!;
  const rsType = () => store.type('apps', 'replicasets')!;
  const podType = () => store.type('', 'pods')!;
  const pods = (app: string) =>
    store.list(podType(), NS, parseLabelSelector(`app=${app}`));

  beforeEach(() => {
    store = new ObjectStore();
    controller = new WorkloadController(store).start();
  });
  afterEach(() => controller.stop());

  const deployment = (image: string, replicas = 2) => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: NS },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'web', image }] },
      },
    },
  });
  const put = (body: any) => {
    const live = store.get(deployments(), NS, 'web');
    return store.update(deployments(), NS, 'web', {
      ...body,
      metadata: {
        ...body.metadata,
        resourceVersion: live.metadata.resourceVersion,
      },
    });
  };
  const available = (generation: number, replicas: number) => () => {
    const d = store.get(deployments(), NS, 'web');
    return (
      d.status?.observedGeneration === generation &&
      d.status?.availableReplicas === replicas &&
      pods('web').filter(p => !p.metadata.deletionTimestamp).length === replicas
    );
  };

  it('makes a Deployment available through a ReplicaSet and labelled pods', async () => {
    store.create(deployments(), NS, deployment('nginx:1.27'));
    await waitFor(available(1, 2));
    const d = store.get(deployments(), NS, 'web');
    expect(
      d.status.conditions.map((c: any) => [c.type, c.status, c.reason]),
    ).toEqual([
      ['Available', 'True', 'MinimumReplicasAvailable'],
      ['Progressing', 'True', 'NewReplicaSetAvailable'],
    ]);
    const [rs] = store.list(rsType(), NS);
    expect(rs.metadata.ownerReferences[0]).toMatchObject({
      kind: 'Deployment',
      uid: d.metadata.uid,
    });
    for (const pod of pods('web')) {
      expect(pod.metadata.labels['pod-template-hash']).toBe(
        rs.metadata.labels['pod-template-hash'],
      );
      expect(pod.status.phase).toBe('Running');
      expect(pod.spec.containers[0].imagePullPolicy).toBe('IfNotPresent');
    }
  });

  it('rolls a new template out to a new ReplicaSet and scales the old one to zero', async () => {
    store.create(deployments(), NS, deployment('nginx:1.27'));
    await waitFor(available(1, 2));
    put(deployment('nginx:1.28', 3));
    await waitFor(available(2, 3));
    const sets = store.list(rsType(), NS);
    expect(sets.map(rs => rs.spec.replicas).sort()).toEqual([0, 3]);
    const current = sets.find(rs => rs.spec.replicas === 3)!;
    expect(
      current.metadata.annotations['deployment.kubernetes.io/revision'],
    ).toBe('2');
    await waitFor(() =>
      pods('web').every(p => p.spec.containers[0].image === 'nginx:1.28'),
    );
    expect(pods('web')).toHaveLength(3);
  });

  it('replaces a deleted pod, and deletes dependents with their owner', async () => {
    store.create(deployments(), NS, deployment('nginx:1.27'));
    await waitFor(available(1, 2));
    const [first] = pods('web');
    store.delete(podType(), NS, first.metadata.name);
    await waitFor(
      () =>
        pods('web').length === 2 &&
        !pods('web').some(p => p.metadata.name === first.metadata.name),
    );
    expect(pods('web').map(p => p.metadata.name)).not.toContain(
      first.metadata.name,
    );
    store.delete(deployments(), NS, 'web');
    await waitFor(
      () => store.list(rsType(), NS).length === 0 && pods('web').length === 0,
    );
    expect(store.list(podType(), NS)).toEqual([]);
  });

  it('reports a StatefulSet and a DaemonSet ready, with ordinal and per-node pods', async () => {
    const template = (app: string) => ({
      metadata: { labels: { app } },
      spec: { containers: [{ name: app, image: `${app}:1` }] },
    });
    store.create(store.type('apps', 'statefulsets')!, NS, {
      metadata: { name: 'db' },
      spec: {
        replicas: 3,
        serviceName: 'db',
        selector: { matchLabels: { app: 'db' } },
        template: template('db'),
      },
    });
    store.create(store.type('apps', 'daemonsets')!, NS, {
      metadata: { name: 'agent' },
      spec: {
        selector: { matchLabels: { app: 'agent' } },
        template: template('agent'),
      },
    });
    await waitFor(
      () =>
        store.get(store.type('apps', 'statefulsets')!, NS, 'db').status
          ?.readyReplicas === 3,
    );
    expect(pods('db').map(p => p.metadata.name)).toEqual([
      'db-0',
      'db-1',
      'db-2',
    ]);
    const sts = store.get(store.type('apps', 'statefulsets')!, NS, 'db');
    expect(sts.status.currentRevision).toBe(sts.status.updateRevision);
    await waitFor(
      () =>
        store.get(store.type('apps', 'daemonsets')!, NS, 'agent').status
          ?.numberReady === 1,
    );
    expect(pods('agent')).toHaveLength(1);
  });

  it('leaves a suspended Job alone and completes one that is not', async () => {
    const jobs = store.type('batch', 'jobs')!;
    const job = (name: string, suspend: boolean) => ({
      metadata: { name },
      spec: {
        suspend,
        template: {
          spec: {
            restartPolicy: 'Never',
            containers: [{ name: 'm', image: 'm:1' }],
          },
        },
      },
    });
    store.create(jobs, NS, job('held', true));
    store.create(jobs, NS, job('run', false));
    await waitFor(() => store.get(jobs, NS, 'run').status?.succeeded === 1);
    expect(store.get(jobs, NS, 'held').status).toBeUndefined();
    expect(
      store.list(podType(), NS).map(p => p.metadata.labels['job-name']),
    ).toEqual(['run']);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise(r => setTimeout(r, 10));
  }
}
