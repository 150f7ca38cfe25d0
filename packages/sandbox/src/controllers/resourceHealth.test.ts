import { applicationHealth, resourceHealth } from './resourceHealth';

const deployment = (spec: any, status: any, generation = 2) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', generation },
  spec: { replicas: 2, ...spec },
  status,
});
const rolledOut = {
  observedGeneration: 2,
  replicas: 2,
  updatedReplicas: 2,
  availableReplicas: 2,
};

describe('resource health, as gitops-engine judges it', () => {
  it('a Deployment is Progressing until its controller observed the generation and every replica is updated and available', () => {
    expect(resourceHealth(deployment({}, undefined))).toMatchObject({
      status: 'Progressing',
      message: expect.stringMatching(/observed deployment generation/),
    });
    expect(
      resourceHealth(
        deployment({}, { ...rolledOut, updatedReplicas: 1, replicas: 1 }),
      ),
    ).toMatchObject({
      status: 'Progressing',
      message:
        'Waiting for rollout to finish: 1 out of 2 new replicas have been updated...',
    });
    expect(
      resourceHealth(deployment({}, { ...rolledOut, replicas: 3 })),
    ).toMatchObject({
      status: 'Progressing',
      message:
        'Waiting for rollout to finish: 1 old replicas are pending termination...',
    });
    expect(
      resourceHealth(deployment({}, { ...rolledOut, availableReplicas: 1 })),
    ).toMatchObject({ status: 'Progressing' });
    expect(resourceHealth(deployment({}, rolledOut))).toEqual({
      status: 'Healthy',
    });
  });

  it('a Deployment whose Progressing condition says ProgressDeadlineExceeded is Degraded; a paused one Suspended', () => {
    expect(
      resourceHealth(
        deployment(
          {},
          {
            ...rolledOut,
            availableReplicas: 0,
            conditions: [
              {
                type: 'Progressing',
                status: 'False',
                reason: 'ProgressDeadlineExceeded',
              },
            ],
          },
        ),
      ),
    ).toEqual({
      status: 'Degraded',
      message: 'Deployment "web" exceeded its progress deadline',
    });
    expect(resourceHealth(deployment({ paused: true }, undefined))).toEqual({
      status: 'Suspended',
      message: 'Deployment is paused',
    });
  });

  it('StatefulSets, DaemonSets and ReplicaSets by their counts and revisions', () => {
    const sts = (status: any) => ({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'db', generation: 1 },
      spec: { replicas: 3 },
      status,
    });
    expect(
      resourceHealth(sts({ observedGeneration: 1, readyReplicas: 2 })),
    ).toMatchObject({ status: 'Progressing' });
    expect(
      resourceHealth(
        sts({
          observedGeneration: 1,
          readyReplicas: 3,
          currentRevision: 'db-1',
          updateRevision: 'db-2',
        }),
      ),
    ).toMatchObject({ status: 'Progressing' });
    expect(
      resourceHealth(
        sts({
          observedGeneration: 1,
          readyReplicas: 3,
          currentRevision: 'db-2',
          updateRevision: 'db-2',
        }),
      ),
    ).toMatchObject({ status: 'Healthy' });
    const ds = (status: any) => ({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'agent', generation: 1 },
      spec: {},
      status,
    });
    expect(
      resourceHealth(
        ds({
          observedGeneration: 1,
          desiredNumberScheduled: 2,
          updatedNumberScheduled: 2,
          numberAvailable: 1,
        }),
      ),
    ).toMatchObject({ status: 'Progressing' });
    expect(
      resourceHealth(
        ds({
          observedGeneration: 1,
          desiredNumberScheduled: 2,
          updatedNumberScheduled: 2,
          numberAvailable: 2,
        }),
      ),
    ).toEqual({ status: 'Healthy' });
    expect(
      resourceHealth({
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        metadata: { name: 'web-1', generation: 1 },
        spec: { replicas: 1 },
        status: {
          observedGeneration: 1,
          conditions: [
            { type: 'ReplicaFailure', status: 'True', message: 'quota' },
          ],
        },
      }),
    ).toEqual({ status: 'Degraded', message: 'quota' });
  });

  it('Jobs by their conditions, Pods by phase and readiness, LoadBalancer Services by their ingress', () => {
    const job = (conditions?: any[]) => ({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'migrate' },
      status: conditions && { conditions },
    });
    expect(resourceHealth(job())).toEqual({ status: 'Progressing' });
    expect(
      resourceHealth(
        job([{ type: 'Complete', status: 'True', message: 'ok' }]),
      ),
    ).toEqual({ status: 'Healthy', message: 'ok' });
    expect(
      resourceHealth(
        job([{ type: 'Failed', status: 'True', message: 'backoff' }]),
      ),
    ).toEqual({ status: 'Degraded', message: 'backoff' });
    expect(
      resourceHealth(job([{ type: 'Suspended', status: 'True' }])),
    ).toEqual({ status: 'Suspended' });
    const pod = (status: any) => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: {},
      status,
    });
    expect(
      resourceHealth(
        pod({
          phase: 'Running',
          conditions: [{ type: 'Ready', status: 'True' }],
        }),
      ),
    ).toMatchObject({ status: 'Healthy' });
    expect(
      resourceHealth(
        pod({
          phase: 'Pending',
          containerStatuses: [
            {
              state: {
                waiting: { reason: 'ImagePullBackOff', message: 'no image' },
              },
            },
          ],
        }),
      ),
    ).toEqual({ status: 'Degraded', message: 'no image' });
    const svc = (type: string, ingress?: any[]) => ({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 's' },
      spec: { type },
      status: { loadBalancer: ingress ? { ingress } : {} },
    });
    expect(resourceHealth(svc('LoadBalancer'))).toEqual({
      status: 'Progressing',
    });
    expect(resourceHealth(svc('LoadBalancer', [{ ip: '1.2.3.4' }]))).toEqual({
      status: 'Healthy',
    });
    expect(resourceHealth(svc('ClusterIP'))).toEqual({ status: 'Healthy' });
  });

  it('has no health for a kind without a check, and Progressing for anything being deleted', () => {
    const cm = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'c' },
    };
    expect(resourceHealth(cm)).toBeUndefined();
    expect(
      resourceHealth({
        ...cm,
        metadata: { ...cm.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' },
      }),
    ).toEqual({ status: 'Progressing', message: 'Pending deletion' });
  });
});

describe('an Application’s health, as argo-cd aggregates it', () => {
  const r = (status?: any, live = true) => ({
    live,
    health: status && { status },
  });
  it('is the worst of its live resources’ (Healthy < Suspended < Progressing < Missing < Degraded < Unknown)', () => {
    expect(applicationHealth([r('Healthy'), r(undefined)])).toBe('Healthy');
    expect(applicationHealth([r('Healthy'), r('Suspended')])).toBe('Suspended');
    expect(applicationHealth([r('Suspended'), r('Progressing')])).toBe(
      'Progressing',
    );
    expect(applicationHealth([r('Degraded'), r('Progressing')])).toBe(
      'Degraded',
    );
    expect(applicationHealth([r('Unknown'), r('Degraded')])).toBe('Unknown');
  });

  it('ignores a missing resource (OutOfSync says it) unless none is live; nothing to judge is Healthy', () => {
    expect(applicationHealth([r('Healthy'), r('Missing', false)])).toBe(
      'Healthy',
    );
    expect(applicationHealth([r('Missing', false), r('Missing', false)])).toBe(
      'Missing',
    );
    expect(applicationHealth([])).toBe('Healthy');
  });
});
