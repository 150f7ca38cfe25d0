import { ObjectStore } from '../kube/ObjectStore';
import {
  MAX_PODS_PER_WORKLOAD,
  WorkloadController,
} from './WorkloadController';

const NS = 'default';

/**
 * Workloads asking for more Pods than a simulation should hold: the API
 * server accepts any int32 replica count, and the sandbox runs inside the
 * portal's backend when enabled. Each settles with at most
 * MAX_PODS_PER_WORKLOAD Pods while its status reports what was asked.
 */
describe('WorkloadController, hostile replica counts', () => {
  let store: ObjectStore;
  let controller: WorkloadController;
  const type = (group: string, plural: string) => store.type(group, plural)!;
  const pods = () => store.list(type('', 'pods'), NS);

  beforeEach(() => {
    store = new ObjectStore();
    controller = new WorkloadController(store).start();
  });
  afterEach(() => controller.stop());

  const template = {
    metadata: { labels: { app: 'big' } },
    spec: { containers: [{ name: 'big', image: 'nginx:1.27' }] },
  };

  it.each([5_000, 2_147_483_647])(
    'a Deployment of %d replicas runs at most the cap of Pods, and reports the replicas asked',
    async replicas => {
      store.create(type('apps', 'deployments'), NS, {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'big', namespace: NS },
        spec: { replicas, selector: { matchLabels: { app: 'big' } }, template },
      });
      // The status may report the replicas asked before the last Pods are
      // written: wait for both, then check no more Pods came.
      await waitFor(
        () =>
          store.get(type('apps', 'deployments'), NS, 'big').status
            ?.availableReplicas === replicas &&
          pods().length >= MAX_PODS_PER_WORKLOAD,
      );
      expect(pods()).toHaveLength(MAX_PODS_PER_WORKLOAD);
    },
  );

  it('a Job of a billion completions completes with at most the cap of Pods', async () => {
    store.create(type('batch', 'jobs'), NS, {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'big', namespace: NS },
      spec: {
        completions: 1_000_000_000,
        template: {
          ...template,
          spec: { ...template.spec, restartPolicy: 'Never' },
        },
      },
    });
    await waitFor(
      () =>
        store.get(type('batch', 'jobs'), NS, 'big').status?.succeeded ===
        1_000_000_000,
    );
    expect(pods().length).toBeLessThanOrEqual(MAX_PODS_PER_WORKLOAD);
  });

  it('a StatefulSet of negative replicas runs no Pods and does not throw', async () => {
    store.create(type('apps', 'statefulsets'), NS, {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'neg', namespace: NS },
      spec: {
        replicas: -3,
        serviceName: 'neg',
        selector: { matchLabels: { app: 'big' } },
        template,
      },
    });
    await waitFor(
      () =>
        store.get(type('apps', 'statefulsets'), NS, 'neg').status !== undefined,
    );
    expect(pods()).toEqual([]);
  });

  it('a Deployment whose ReplicaSet name would be too long reports FailedCreate instead of crashing the process', async () => {
    // Valid for a Deployment (253 characters), too long once the controller
    // adds its template hash: kube-controller-manager reports ReplicaFailure.
    const name = 'a'.repeat(250);
    store.create(type('apps', 'deployments'), NS, {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name, namespace: NS },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: 'big' } },
        template,
      },
    });
    const failure = () =>
      store
        .get(type('apps', 'deployments'), NS, name)
        .status?.conditions?.find((c: any) => c.type === 'ReplicaFailure');
    await waitFor(() => failure() !== undefined);
    expect(failure()).toMatchObject({
      status: 'True',
      reason: 'FailedCreate',
      message: expect.stringContaining(name.slice(0, 20)),
    });
    expect(pods()).toEqual([]);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise(r => setTimeout(r, 20));
  }
}
