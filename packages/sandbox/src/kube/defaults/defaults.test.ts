import { applyDefaults, imagePullPolicyFor, serviceAllocator } from '.';

const template = () => ({
  metadata: { labels: { app: 'web' } },
  spec: {
    containers: [
      {
        name: 'web',
        image: 'nginx:1.27',
        ports: [{ containerPort: 80 }],
        readinessProbe: { httpGet: { port: 80 } },
      },
    ],
    volumes: [{ name: 'config', configMap: { name: 'web' } }, { name: 'tmp' }],
  },
});

const defaulted = (group: string, kind: string, obj: any, uid?: string) => {
  applyDefaults({ group, kind }, obj, { uid, allocate: serviceAllocator() });
  return obj;
};

describe('the defaults a real API server applies', () => {
  it('fills a Deployment as pkg/apis/apps/v1 SetDefaults_Deployment and the pod spec defaulters do', () => {
    const d = defaulted('apps', 'Deployment', {
      metadata: { name: 'web' },
      spec: { selector: { matchLabels: { app: 'web' } }, template: template() },
    });
    expect(d.spec).toMatchObject({
      replicas: 1,
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
      strategy: {
        type: 'RollingUpdate',
        rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' },
      },
    });
    const pod = d.spec.template.spec;
    expect(pod).toMatchObject({
      restartPolicy: 'Always',
      dnsPolicy: 'ClusterFirst',
      schedulerName: 'default-scheduler',
      securityContext: {},
      terminationGracePeriodSeconds: 30,
    });
    // Only a Pod gets these, never a template.
    expect(pod.enableServiceLinks).toBeUndefined();
    expect(pod.serviceAccountName).toBeUndefined();
    expect(pod.containers[0]).toMatchObject({
      imagePullPolicy: 'IfNotPresent',
      terminationMessagePath: '/dev/termination-log',
      terminationMessagePolicy: 'File',
      ports: [{ containerPort: 80, protocol: 'TCP' }],
      readinessProbe: {
        timeoutSeconds: 1,
        periodSeconds: 10,
        successThreshold: 1,
        failureThreshold: 3,
        httpGet: { path: '/', scheme: 'HTTP', port: 80 },
      },
    });
    expect(pod.volumes).toEqual([
      { name: 'config', configMap: { name: 'web', defaultMode: 420 } },
      { name: 'tmp', emptyDir: {} },
    ]);
  });

  it('keeps what the client set, and a Recreate strategy gets no rollingUpdate', () => {
    const d = defaulted('apps', 'Deployment', {
      spec: {
        replicas: 0,
        strategy: { type: 'Recreate' },
        template: {
          spec: {
            restartPolicy: 'Never',
            containers: [{ name: 'a', image: 'a', imagePullPolicy: 'Never' }],
          },
        },
      },
    });
    expect(d.spec.replicas).toBe(0);
    expect(d.spec.strategy).toEqual({ type: 'Recreate' });
    expect(d.spec.template.spec.restartPolicy).toBe('Never');
    expect(d.spec.template.spec.containers[0].imagePullPolicy).toBe('Never');
  });

  it('fills StatefulSets, DaemonSets and ReplicaSets', () => {
    const sts = defaulted('apps', 'StatefulSet', {
      spec: {
        template: template(),
        volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: {} }],
      },
    });
    expect(sts.spec).toMatchObject({
      replicas: 1,
      podManagementPolicy: 'OrderedReady',
      revisionHistoryLimit: 10,
      updateStrategy: {
        type: 'RollingUpdate',
        rollingUpdate: { partition: 0 },
      },
      persistentVolumeClaimRetentionPolicy: {
        whenDeleted: 'Retain',
        whenScaled: 'Retain',
      },
    });
    expect(sts.spec.volumeClaimTemplates[0].spec.volumeMode).toBe('Filesystem');
    const ds = defaulted('apps', 'DaemonSet', {
      spec: { template: template() },
    });
    expect(ds.spec).toMatchObject({
      revisionHistoryLimit: 10,
      updateStrategy: {
        type: 'RollingUpdate',
        rollingUpdate: { maxUnavailable: 1, maxSurge: 0 },
      },
    });
    expect(defaulted('apps', 'ReplicaSet', {}).spec.replicas).toBe(1);
  });

  it('fills a Job, with the selector and labels its uid gives it', () => {
    const job = defaulted(
      'batch',
      'Job',
      {
        metadata: { name: 'migrate' },
        spec: {
          template: {
            metadata: { labels: { app: 'migrate' } },
            spec: {
              restartPolicy: 'Never',
              containers: [{ name: 'm', image: 'm:1' }],
            },
          },
        },
      },
      'uid-1',
    );
    expect(job.spec).toMatchObject({
      completions: 1,
      parallelism: 1,
      backoffLimit: 6,
      completionMode: 'NonIndexed',
      suspend: false,
      podReplacementPolicy: 'TerminatingOrFailed',
      selector: {
        matchLabels: { 'batch.kubernetes.io/controller-uid': 'uid-1' },
      },
    });
    expect(job.metadata.labels).toEqual({ app: 'migrate' });
    expect(job.spec.template.metadata.labels).toMatchObject({
      app: 'migrate',
      'job-name': 'migrate',
      'batch.kubernetes.io/job-name': 'migrate',
    });
    // Parallelism alone leaves completions unset (a work queue).
    const queue = defaulted('batch', 'Job', { spec: { parallelism: 3 } }, 'u');
    expect(queue.spec.completions).toBeUndefined();
    const cron = defaulted('batch', 'CronJob', {
      spec: {
        schedule: '* * * * *',
        jobTemplate: { spec: { template: template() } },
      },
    });
    expect(cron.spec).toMatchObject({
      concurrencyPolicy: 'Allow',
      suspend: false,
      successfulJobsHistoryLimit: 3,
      failedJobsHistoryLimit: 1,
    });
    expect(cron.spec.jobTemplate.spec.template.spec.dnsPolicy).toBe(
      'ClusterFirst',
    );
  });

  it('allocates a Service its address and keeps it when an update omits it', () => {
    const allocate = serviceAllocator();
    const svc: any = {
      spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
    };
    applyDefaults({ group: '', kind: 'Service' }, svc, { allocate });
    expect(svc.spec).toMatchObject({
      type: 'ClusterIP',
      sessionAffinity: 'None',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      internalTrafficPolicy: 'Cluster',
      ports: [{ port: 80, targetPort: 80, protocol: 'TCP' }],
    });
    expect(svc.spec.clusterIPs).toEqual([svc.spec.clusterIP]);
    const update: any = { spec: { ports: [{ port: 80 }] } };
    applyDefaults({ group: '', kind: 'Service' }, update, {
      allocate,
      previous: svc,
    });
    expect(update.spec.clusterIP).toBe(svc.spec.clusterIP);

    const nodePort: any = {
      spec: { type: 'NodePort', ports: [{ port: 443, targetPort: 'https' }] },
    };
    applyDefaults({ group: '', kind: 'Service' }, nodePort, { allocate });
    expect(nodePort.spec.ports[0]).toMatchObject({
      targetPort: 'https',
      nodePort: 30000,
    });
    expect(nodePort.spec.externalTrafficPolicy).toBe('Cluster');
    expect(nodePort.spec.clusterIP).not.toBe(svc.spec.clusterIP);

    const headless: any = { spec: { clusterIP: 'None' } };
    applyDefaults({ group: '', kind: 'Service' }, headless, { allocate });
    expect(headless.spec.clusterIPs).toEqual(['None']);
    const external: any = {
      spec: { type: 'ExternalName', externalName: 'db.example.com' },
    };
    applyDefaults({ group: '', kind: 'Service' }, external, { allocate });
    expect(external.spec.clusterIP).toBeUndefined();
  });

  it('fills a Pod with what only Pods get, and Secrets and Namespaces', () => {
    const pod = defaulted('', 'Pod', {
      spec: {
        containers: [
          { name: 'a', image: 'a:1', resources: { limits: { cpu: '1' } } },
        ],
      },
    });
    expect(pod.spec).toMatchObject({
      enableServiceLinks: true,
      serviceAccountName: 'default',
      priority: 0,
    });
    expect(pod.spec.containers[0].resources.requests).toEqual({ cpu: '1' });
    expect(defaulted('', 'Secret', {}).type).toBe('Opaque');
    expect(
      defaulted('', 'Namespace', { metadata: { name: 'team-a' } }).metadata
        .labels,
    ).toEqual({
      'kubernetes.io/metadata.name': 'team-a',
    });
  });

  it.each([
    ['nginx', 'Always'],
    ['nginx:latest', 'Always'],
    ['nginx:1.27', 'IfNotPresent'],
    ['registry.local:5000/team/nginx', 'Always'],
    ['registry.local:5000/team/nginx:1.27', 'IfNotPresent'],
    ['nginx@sha256:0123abcd', 'IfNotPresent'],
    ['nginx:latest@sha256:0123abcd', 'Always'],
  ])('pulls %s with %s', (image, policy) => {
    expect(imagePullPolicyFor(image)).toBe(policy);
  });
});
