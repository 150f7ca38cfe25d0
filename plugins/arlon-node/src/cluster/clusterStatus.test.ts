import { clusterStatus, LiveObjects } from './clusterStatus';

const app = (
  name: string,
  labels: Record<string, string>,
  sync: string,
  automated: boolean,
  health = 'Healthy',
) => ({
  metadata: { name, labels },
  spec: { syncPolicy: automated ? { automated: {} } : {} },
  status: { sync: { status: sync }, health: { status: health } },
});

function live(partial: Partial<LiveObjects>): LiveObjects {
  return {
    managementCluster: 'mgmt',
    capiClusters: [],
    applications: [],
    argocdClusterSecrets: [],
    ...partial,
  };
}

describe('clusterStatus', () => {
  it('is notBuilt, with nothing live', () => {
    expect(clusterStatus('c1', live({}))).toEqual({
      managementCluster: 'mgmt',
      registration: 'notBuilt',
      applications: [],
      behind: false,
      behindReasons: [],
    });
  });

  it('waits for provisioning while CAPI builds, then is registered', () => {
    const capi = {
      metadata: { name: 'c1', namespace: 'c1' },
      status: { phase: 'Provisioning', conditions: [] },
    };
    expect(
      clusterStatus('c1', live({ capiClusters: [capi] })).registration,
    ).toBe('waitingForProvisioning');
    const secret = {
      metadata: { name: 'cluster-c1', labels: { 'arlon.io/cluster': 'c1' } },
      data: {
        server: Buffer.from('https://10.0.0.1:6443').toString('base64'),
        config: Buffer.from('{"bearerToken":"t"}').toString('base64'),
      },
    };
    expect(
      clusterStatus(
        'c1',
        live({ capiClusters: [capi], argocdClusterSecrets: [secret] }),
      ),
    ).toMatchObject({
      registration: 'registered',
      capi: { phase: 'Provisioning' },
      server: 'https://10.0.0.1:6443',
    });
    // The token in `config` never leaves the Secret.
    expect(
      JSON.stringify(
        clusterStatus('c1', live({ argocdClusterSecrets: [secret] })),
      ),
    ).not.toContain('bearerToken');
  });

  it('is behind when a manual-policy application is out of sync, and says which', () => {
    const status = clusterStatus(
      'c1',
      live({
        applications: [
          app(
            'c1',
            { 'arlon.io/kind': 'cluster', 'arlon.io/cluster': 'c1' },
            'OutOfSync',
            false,
          ),
          app(
            'c1-guestbook',
            {
              'arlon.io/cluster': 'c1',
              'arlon.io/bundle': 'guestbook',
              'arlon.io/profile': 'apps',
            },
            'OutOfSync',
            false,
          ),
          app(
            'c1-calico',
            {
              'arlon.io/cluster': 'c1',
              'arlon.io/bundle': 'calico',
              'arlon.io/profile': 'infra',
            },
            'OutOfSync',
            true,
          ),
          app(
            'c2-calico',
            { 'arlon.io/cluster': 'c2', 'arlon.io/bundle': 'calico' },
            'OutOfSync',
            false,
          ),
        ],
      }),
    );
    expect(status.root).toEqual({
      sync: 'OutOfSync',
      health: 'Healthy',
      automated: false,
    });
    expect(status.applications.map(a => a.name)).toEqual([
      'c1-guestbook',
      'c1-calico',
    ]);
    expect(status.behind).toBe(true);
    // An automated application that is out of sync is catching up, not behind.
    expect(status.behindReasons).toEqual([
      'its cluster spec changed; the change waits for an update (manual policy)',
      'bundle guestbook of profile apps changed; it waits for an update (manual policy)',
    ]);
  });
  it("reports the control plane's Kubernetes versions as Cluster API does, and none when it reports none", () => {
    const capi = (status: object) => ({
      metadata: { name: 'c1', namespace: 'c1' },
      status: { phase: 'Provisioned', conditions: [], ...status },
    });
    const rolling = [
      { version: 'v1.30.0', replicas: 1 },
      { version: 'v1.30.1', replicas: 2 },
    ];
    expect(
      clusterStatus(
        'c1',
        live({
          capiClusters: [
            capi({ v1beta2: { controlPlane: { versions: rolling } } }),
          ],
        }),
      ).capi,
    ).toEqual({
      phase: 'Provisioned',
      conditions: [],
      controlPlaneVersions: rolling,
    });
    expect(
      clusterStatus('c1', live({ capiClusters: [capi({})] })).capi,
    ).toEqual({ phase: 'Provisioned', conditions: [] });
  });
});
