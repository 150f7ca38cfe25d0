import {
  BatchV1Api,
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { Sandbox } from '../Sandbox';
import { eventually } from '../testing/eventually';
import {
  argo,
  SeededSandbox,
  startSeededSandbox,
} from './__testUtils__/seededSandbox';

const deploymentYaml = (paused: boolean) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  paused: ${paused}
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
        - name: web
          image: nginx:1.27
`;

const otherYaml = `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  a: b
---
apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
        - name: migrate
          image: busybox
`;

describe('the simulated ArgoCD’s health follows the live status of what it applied', () => {
  let started: SeededSandbox | undefined;
  let sandbox: Sandbox;
  let custom: CustomObjectsApi;
  /** Every health the Application `web` was written with, in order. */
  const seen: string[] = [];

  beforeAll(async () => {
    started = await startSeededSandbox(
      {
        'bundles/web/deployment.yaml': deploymentYaml(false),
        'bundles/web/other.yaml': otherYaml,
      },
      { argocdResyncMs: 100 },
    );
    ({ sandbox, custom } = started);
    sandbox.apiServer.store.observe(e => {
      const health = e.object?.status?.health?.status;
      if (e.object?.kind === 'Application' && e.object.metadata.name === 'web')
        if (health && health !== seen[seen.length - 1]) seen.push(health);
    });
  });
  afterAll(() => started?.stop());

  const app = async (): Promise<any> =>
    custom.getNamespacedCustomObject({
      ...argo,
      plural: 'applications',
      name: 'web',
    });
  const resource = (a: any, kind: string) =>
    a.status.resources.find((r: any) => r.kind === kind);

  it('is Progressing when it syncs, then Healthy once the workload controller reports the Deployment and Job done', async () => {
    await custom.createNamespacedCustomObject({
      ...argo,
      plural: 'applications',
      body: {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'Application',
        metadata: { name: 'web' },
        spec: {
          project: 'default',
          source: {
            repoURL: sandbox.fleetRepoUrl,
            targetRevision: 'main',
            path: 'bundles/web',
          },
          destination: { name: 'in-cluster', namespace: 'default' },
          syncPolicy: { automated: { prune: true } },
        },
      },
    });
    const healthy = await eventually(async () => {
      const a = await app();
      return a.status?.health?.status === 'Healthy' && a;
    }, 'the Application to turn Healthy');
    // At sync nothing had reported status yet: ArgoCD said Progressing first.
    expect(seen).toEqual(['Progressing', 'Healthy']);
    expect(resource(healthy, 'Deployment').health).toEqual({
      status: 'Healthy',
    });
    expect(resource(healthy, 'Job').health).toMatchObject({
      status: 'Healthy',
    });
    // ArgoCD has no health check for a ConfigMap: no health, and it does not count.
    expect(resource(healthy, 'ConfigMap').health).toBeUndefined();
  });

  it('turns Suspended when a commit pauses the Deployment, and Healthy again when it resumes', async () => {
    seen.length = 0;
    await sandbox.pushToFleet(
      { 'bundles/web/deployment.yaml': deploymentYaml(true) },
      'pause web',
    );
    const suspended = await eventually(async () => {
      const a = await app();
      return a.status?.health?.status === 'Suspended' && a;
    }, 'the Application to turn Suspended');
    expect(resource(suspended, 'Deployment').health).toEqual({
      status: 'Suspended',
      message: 'Deployment is paused',
    });
    await sandbox.pushToFleet(
      { 'bundles/web/deployment.yaml': deploymentYaml(false) },
      'resume web',
    );
    await eventually(
      async () => (await app()).status?.health?.status === 'Healthy',
      'the Application to turn Healthy again',
    );
    expect(seen[0]).toBe('Suspended');
    expect(seen[seen.length - 1]).toBe('Healthy');
  });

  it('turns Degraded when the live Job reports Failed, without any commit', async () => {
    const batch = started!.kubeConfig.makeApiClient(BatchV1Api);
    // kube-controller-manager's verdict on a Job that ran out of retries.
    await batch.patchNamespacedJobStatus(
      {
        name: 'migrate',
        namespace: 'default',
        body: {
          status: {
            conditions: [
              {
                type: 'Failed',
                status: 'True',
                reason: 'BackoffLimitExceeded',
                message: 'Job has reached the specified backoff limit',
              },
            ],
          },
        },
      },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    const degraded = await eventually(async () => {
      const a = await app();
      return a.status?.health?.status === 'Degraded' && a;
    }, 'the Application to turn Degraded');
    expect(resource(degraded, 'Job').health).toEqual({
      status: 'Degraded',
      message: 'Job has reached the specified backoff limit',
    });
    expect(degraded.status.sync.status).toBe('Synced');
  });
});
