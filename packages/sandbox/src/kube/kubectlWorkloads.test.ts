import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Sandbox } from '../Sandbox';

const run = promisify(execFile);

const DEPLOYMENT = (
  replicas: number,
  image = 'nginx:1.27',
) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
  labels:
    app: web
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: ${image}
          ports:
            - containerPort: 80
`;

/**
 * The machine's real kubectl driving workloads against the sandbox: apply
 * (client- and server-side, with a conflict between field managers), short
 * names, `get all` and `rollout status` reading what the workload controller
 * reports.
 */
describe('kubectl workloads against the sandbox', () => {
  let sandbox: Sandbox;
  let env: NodeJS.ProcessEnv;
  let dir: string;

  const kubectl = async (...args: string[]) =>
    (await run('kubectl', args, { env })).stdout;
  const write = async (name: string, content: string) => {
    const file = path.join(dir, name);
    await fs.writeFile(file, content);
    return file;
  };

  beforeAll(async () => {
    sandbox = await Sandbox.start({ provisioningDelayMs: 100 });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kubectl-workloads-'));
    env = { ...process.env, KUBECONFIG: sandbox.kubeconfigPath, HOME: dir };
  });
  afterAll(async () => {
    await sandbox?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('applies a Deployment that comes back defaulted, and rolls it out', async () => {
    const file = await write('web.yaml', DEPLOYMENT(2));
    expect(await kubectl('apply', '-f', file)).toBe(
      'deployment.apps/web created\n',
    );
    expect(
      await kubectl('rollout', 'status', 'deploy/web', '--timeout=30s'),
    ).toContain('successfully rolled out');

    const live = JSON.parse(
      await kubectl('get', 'deploy', 'web', '-o', 'json'),
    );
    expect(live.metadata.generation).toBe(1);
    expect(live.spec).toMatchObject({
      replicas: 2,
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
      strategy: {
        type: 'RollingUpdate',
        rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' },
      },
    });
    expect(live.spec.template.spec).toMatchObject({
      restartPolicy: 'Always',
      dnsPolicy: 'ClusterFirst',
      schedulerName: 'default-scheduler',
      securityContext: {},
      terminationGracePeriodSeconds: 30,
    });
    expect(live.spec.template.spec.containers[0]).toMatchObject({
      imagePullPolicy: 'IfNotPresent',
      terminationMessagePath: '/dev/termination-log',
      terminationMessagePolicy: 'File',
      ports: [{ containerPort: 80, protocol: 'TCP' }],
    });
    expect(live.status).toMatchObject({
      observedGeneration: 1,
      replicas: 2,
      readyReplicas: 2,
      availableReplicas: 2,
      updatedReplicas: 2,
    });
    // Applying it again changes nothing: defaults are not a difference.
    expect(await kubectl('apply', '-f', file)).toBe(
      'deployment.apps/web unchanged\n',
    );
    // kubectl diff (a server-side dry run) finds nothing to change, and one change when there is one.
    expect(await kubectl('diff', '-f', file)).toBe('');
    const bumped = await write('web-3.yaml', DEPLOYMENT(3));
    await expect(kubectl('diff', '-f', bumped)).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringMatching(/^- {2}replicas: 2\n\+ {2}replicas: 3$/m),
    });
    // Moving to server-side apply takes over what client-side apply owned
    // (kubectl rewrites managedFields with a JSON patch first), with no conflict.
    expect(await kubectl('apply', '--server-side', '-f', file)).toBe(
      'deployment.apps/web serverside-applied\n',
    );
    const migrated = JSON.parse(
      await kubectl(
        'get',
        'deploy',
        'web',
        '-o',
        'json',
        '--show-managed-fields',
      ),
    );
    const managers = migrated.metadata.managedFields
      .filter((m: any) => !m.subresource)
      .map((m: any) => `${m.manager}/${m.operation}`);
    // As on a real cluster: kubectl (1.26+) hands the last-applied annotation
    // to its own `kubectl-last-applied` manager (fieldManagerLastAppliedAnnotation).
    expect(managers.sort()).toEqual([
      'kubectl-last-applied/Apply',
      'kubectl/Apply',
    ]);
    // Its pods carry the template's labels.
    expect(await kubectl('get', 'pods', '-l', 'app=web', '-o', 'name')).toMatch(
      /^pod\/web-[a-z0-9]+-[a-z0-9]{5}\npod\/web-[a-z0-9]+-[a-z0-9]{5}\n$/,
    );
  });

  it('knows short names and the `all` category', async () => {
    await kubectl('create', 'service', 'clusterip', 'web', '--tcp=80:8080');
    const svc = JSON.parse(await kubectl('get', 'svc', 'web', '-o', 'json'));
    expect(svc.spec).toMatchObject({
      type: 'ClusterIP',
      sessionAffinity: 'None',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      internalTrafficPolicy: 'Cluster',
      ports: [{ port: 80, targetPort: 8080, protocol: 'TCP' }],
    });
    expect(svc.spec.clusterIPs).toEqual([svc.spec.clusterIP]);
    expect(svc.spec.clusterIP).toMatch(/^10\.96\.\d+\.\d+$/);
    const deploys = await kubectl('get', 'deploy', '-o', 'name');
    expect(deploys).toContain('deployment.apps/web');
    // The plain table, as people read it.
    expect(await kubectl('get', 'deploy')).toMatch(/^NAME\s[\s\S]*\nweb\s/);
    const all = await kubectl('get', 'all', '-o', 'name');
    expect(all).toContain('deployment.apps/web');
    expect(all).toMatch(/replicaset\.apps\/web-/);
    expect(all).toMatch(/pod\/web-/);
    expect(all).toContain('service/web');
    for (const short of [
      'sts',
      'ds',
      'svc',
      'po',
      'rs',
      'cj',
      'cm',
      'sa',
      'ns',
    ])
      await expect(kubectl('get', short)).resolves.toBeDefined();
  });

  it('applies server-side, with a conflict between field managers and --force-conflicts', async () => {
    const file = await write('api.yaml', DEPLOYMENT(1).replace(/web/g, 'api'));
    expect(await kubectl('apply', '--server-side', '-f', file)).toBe(
      'deployment.apps/api serverside-applied\n',
    );
    const applied = JSON.parse(
      await kubectl(
        'get',
        'deploy',
        'api',
        '-o',
        'json',
        '--show-managed-fields',
      ),
    );
    expect(applied.metadata.managedFields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ manager: 'kubectl', operation: 'Apply' }),
      ]),
    );

    // Another manager applying a different replica count conflicts...
    const scaled = await write(
      'api-3.yaml',
      DEPLOYMENT(3).replace(/web/g, 'api'),
    );
    const refused = kubectl(
      'apply',
      '--server-side',
      '--field-manager=ops',
      '-f',
      scaled,
    );
    await expect(refused).rejects.toMatchObject({
      stderr: expect.stringMatching(
        /conflict with "kubectl"[\s\S]*\.spec\.replicas/,
      ),
    });
    expect(
      await kubectl('get', 'deploy', 'api', '-o', 'jsonpath={.spec.replicas}'),
    ).toBe('1');

    // ...until it forces: then it owns spec.replicas.
    await kubectl(
      'apply',
      '--server-side',
      '--force-conflicts',
      '--field-manager=ops',
      '-f',
      scaled,
    );
    expect(
      await kubectl('get', 'deploy', 'api', '-o', 'jsonpath={.spec.replicas}'),
    ).toBe('3');
    expect(
      await kubectl('rollout', 'status', 'deployment/api', '--timeout=30s'),
    ).toContain('successfully rolled out');
  });

  it('runs a Job to completion, for kubectl wait', async () => {
    await kubectl('create', 'job', 'migrate', '--image=busybox:1.36');
    expect(
      await kubectl(
        'wait',
        '--for=condition=complete',
        'job/migrate',
        '--timeout=30s',
      ),
    ).toBe('job.batch/migrate condition met\n');
    const job = JSON.parse(
      await kubectl('get', 'job', 'migrate', '-o', 'json'),
    );
    expect(job.spec).toMatchObject({
      backoffLimit: 6,
      completions: 1,
      parallelism: 1,
    });
    expect(job.status.succeeded).toBe(1);
    expect(
      await kubectl(
        'get',
        'pods',
        '-l',
        'job-name=migrate',
        '-o',
        'jsonpath={.items[*].status.phase}',
      ),
    ).toBe('Succeeded');
  });

  it('rolls out a StatefulSet and a DaemonSet', async () => {
    const file = await write(
      'sets.yaml',
      `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db, namespace: default}
spec:
  serviceName: db
  replicas: 2
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec: {containers: [{name: db, image: postgres}]}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: default}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec: {containers: [{name: agent, image: "busybox:latest"}]}
`,
    );
    await kubectl('apply', '-f', file);
    expect(
      await kubectl('rollout', 'status', 'sts/db', '--timeout=30s'),
    ).toContain('roll out complete');
    expect(
      await kubectl('rollout', 'status', 'ds/agent', '--timeout=30s'),
    ).toContain('successfully rolled out');
    expect(await kubectl('get', 'pods', '-l', 'app=db', '-o', 'name')).toBe(
      'pod/db-0\npod/db-1\n',
    );
    expect(
      await kubectl(
        'get',
        'ds',
        'agent',
        '-o',
        'jsonpath={.spec.template.spec.containers[0].imagePullPolicy}',
      ),
    ).toBe('Always');
  });
});
