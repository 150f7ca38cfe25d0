import {
  startSeededSandbox,
  SeededSandbox,
} from './__testUtils__/seededSandbox';

/**
 * A real Cluster API controller requeues a failed reconcile; the sandbox's
 * must too, or one failed step (a workload API server slow to start on a
 * loaded machine) leaves a Cluster Provisioning for ever.
 */
describe('provisioning that fails once', () => {
  let started: SeededSandbox;
  const failures: string[] = [];
  let attempts = 0;

  beforeEach(async () => {
    started = await startSeededSandbox(
      { 'README.md': 'an empty fleet\n' },
      {
        provisioningDelayMs: 100,
        beforeProvisioned: async () => {
          attempts += 1;
          if (attempts === 1) throw new Error('control plane not reachable');
        },
        onProvisionFailure: ({ namespace, name }, error) =>
          failures.push(`${namespace}/${name}: ${(error as Error).message}`),
      },
    );
  });
  afterEach(() => started.stop());

  it('is tried again, reported, and ends Provisioned with one kubeconfig and one workload API server', async () => {
    const { core, custom, sandbox } = started;
    await core.createNamespace({ body: { metadata: { name: 'edge' } } });
    await custom.createNamespacedCustomObject({
      group: 'cluster.x-k8s.io',
      version: 'v1beta1',
      plural: 'clusters',
      namespace: 'edge',
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta1',
        kind: 'Cluster',
        metadata: { name: 'edge' },
        spec: {},
      },
    });

    const deadline = Date.now() + 15_000;
    let phase: string | undefined;
    while (phase !== 'Provisioned' && Date.now() < deadline) {
      await new Promise(r => setTimeout(r, 50));
      const cluster = (await custom.getNamespacedCustomObject({
        group: 'cluster.x-k8s.io',
        version: 'v1beta1',
        plural: 'clusters',
        namespace: 'edge',
        name: 'edge',
      })) as any;
      phase = cluster.status?.phase;
    }

    expect(phase).toBe('Provisioned');
    expect(attempts).toBe(2);
    expect(failures).toEqual(['edge/edge: control plane not reachable']);
    const secret = await core.readNamespacedSecret({
      name: 'edge-kubeconfig',
      namespace: 'edge',
    });
    const kubeconfig = Buffer.from(secret.data!.value, 'base64').toString();
    const server = /server: (\S+)/.exec(kubeconfig)![1];
    // The first attempt's API server was stopped; the kubeconfig names the live one.
    expect(sandbox.servers.has(server)).toBe(true);
    expect(sandbox.servers.size).toBe(2); // the management cluster's and edge's
  });
});
