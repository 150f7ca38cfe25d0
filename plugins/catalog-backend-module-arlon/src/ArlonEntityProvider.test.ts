import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { mockServices } from '@backstage/backend-test-utils';
import type {
  EntityProviderConnection,
  EntityProviderMutation,
} from '@backstage/plugin-catalog-node';
import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import { Sandbox, kubeConfigFor } from '@arlon-backstage/arlon-sandbox';
import {
  FleetChanges,
  FleetRepository,
  ManagementClusters,
  remoteHead,
} from '@arlon-backstage/plugin-arlon-node';
import { ArlonEntityProvider } from './ArlonEntityProvider';

const EXAMPLE = path.resolve(__dirname, '../../../examples/fleet');

async function waitFor(
  condition: () => boolean,
  what: string,
  timeoutMs = 15_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise(r => setTimeout(r, 50));
  }
}

/** Records what the provider tells the catalog: the catalog's side of the contract. */
class RecordingConnection implements EntityProviderConnection {
  readonly mutations: EntityProviderMutation[] = [];
  /** How many mutations were being applied at once, at most. */
  mostAtOnce = 0;
  private applying = 0;
  /** A catalog that takes this long to apply a mutation (a busy database). */
  constructor(private readonly applyMs = 0) {}
  async applyMutation(mutation: EntityProviderMutation) {
    this.mostAtOnce = Math.max(this.mostAtOnce, ++this.applying);
    await new Promise(r => setTimeout(r, this.applyMs));
    this.applying--;
    this.mutations.push(mutation);
  }
  async refresh() {}
  get deltas() {
    return this.mutations.filter(
      (m): m is Extract<EntityProviderMutation, { type: 'delta' }> =>
        m.type === 'delta',
    );
  }
}

/** Creates the CAPI Cluster `dev-local` (and its namespace) on the sandbox's management cluster. */
async function createDevLocalCluster(sandbox: Sandbox) {
  const kc = kubeConfigFor(sandbox.apiServer.url, sandbox.token);
  await kc
    .makeApiClient(CoreV1Api)
    .createNamespace({ body: { metadata: { name: 'dev-local' } } });
  await kc.makeApiClient(CustomObjectsApi).createNamespacedCustomObject({
    group: 'cluster.x-k8s.io',
    version: 'v1beta1',
    plural: 'clusters',
    namespace: 'dev-local',
    body: {
      apiVersion: 'cluster.x-k8s.io/v1beta1',
      kind: 'Cluster',
      metadata: { name: 'dev-local' },
      spec: {},
    },
  });
}

describe('ArlonEntityProvider', () => {
  let sandbox: Sandbox;
  let provider: ArlonEntityProvider;
  let clusters: ManagementClusters;
  let changes: FleetChanges;
  let workDir: string;

  beforeEach(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      provisioningDelayMs: 100,
    });
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'checkout-'));
    clusters = new ManagementClusters([
      {
        name: 'sandbox',
        url: sandbox.apiServer.url,
        serviceAccountToken: sandbox.token,
        skipTLSVerify: true,
        argocdNamespace: 'argocd',
      },
    ]);
    // The process's signal, watching the sandbox's branch as a backend's would.
    changes = new FleetChanges({
      readHead: remoteHead(
        { url: sandbox.fleetRepoUrl, branch: 'main' },
        async () => undefined,
        5000,
      ),
      pollMs: 100,
      logger: mockServices.logger.mock(),
    });
    provider = new ArlonEntityProvider({
      fleet: 'default',
      repository: new FleetRepository(
        { url: sandbox.fleetRepoUrl, branch: 'main', writeMode: 'commit' },
        async () => undefined,
        workDir,
      ),
      clusters,
      logger: mockServices.logger.mock(),
      schedule: { run: async () => {} }, // full syncs are driven by hand here
      changes,
      defaultOwner: 'group:default/platform',
    });
  });
  afterEach(async () => {
    provider.stop();
    changes.stop();
    await clusters.list()[0].informers().stop();
    await sandbox.stop();
    await fs.rm(workDir, { recursive: true, force: true });
  });

  it('sends a full mutation, then only what changed as deltas: added, changed and removed', async () => {
    const connection = new RecordingConnection();
    await provider.connect(connection);
    await provider.fullSync();
    const full = connection.mutations[0];
    expect(full.type).toBe('full');
    expect(
      full.type === 'full' &&
        full.entities.map(e => e.entity.metadata.name).length,
    ).toBe(14);

    // A new cluster in the fleet repository: one added entity, nothing else.
    await sandbox.pushToFleet(
      {
        'arlon/clusters/qa-1.yaml':
          'apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: qa-1\nspec:\n  clusterSpec: docker-dev\n',
      },
      'add qa-1',
    );
    await waitFor(
      () => connection.deltas.length === 1,
      'a delta for the new cluster',
    );
    expect(connection.deltas[0].added.map(e => e.entity.metadata.name)).toEqual(
      ['qa-1'],
    );
    expect(connection.deltas[0].removed).toEqual([]);

    // A deleted bundle definition (and a profile that no longer uses it): the bundle is removed.
    await sandbox.pushToFleet(
      {
        'arlon/bundles/guestbook.yaml': null,
        'arlon/profiles/apps.yaml':
          'apiVersion: core.arlon.io/v1\nkind: Profile\nmetadata:\n  name: apps\nspec:\n  bundles: [calico]\n',
      },
      'drop guestbook',
    );
    await waitFor(
      () => connection.deltas.length === 2,
      'a delta for the removal',
    );
    expect(connection.deltas[1].removed).toEqual([
      {
        entityRef: 'resource:default/bundle-guestbook',
        locationKey: 'arlon-provider:default',
      },
    ]);
    // dev-local sets values for guestbook, which its profiles no longer carry: it changes
    // too, now showing that problem.
    const changed = connection.deltas[1].added.map(e => e.entity);
    expect(changed.map(e => e.metadata.name)).toEqual([
      'dev-local',
      'profile-apps',
    ]);
    expect(changed[0].metadata.annotations?.['arlon.io/problems']).toContain(
      'values for bundle \\"guestbook\\"',
    );
  });

  it('applies one mutation at a time, so an older state never lands after a newer one', async () => {
    const connection = new RecordingConnection(600);
    await provider.connect(connection);
    await provider.fullSync();
    for (const replicas of [2, 3, 4]) {
      await sandbox.pushToFleet(
        {
          'arlon/profiles/apps.yaml': `apiVersion: core.arlon.io/v1\nkind: Profile\nmetadata:\n  name: apps\nspec:\n  description: version ${replicas}\n  bundles: [guestbook]\n`,
        },
        `apps at ${replicas}`,
      );
      await new Promise(r => setTimeout(r, 300));
    }
    const lastApps = () =>
      connection.deltas
        .flatMap(d => d.added)
        .filter(e => e.entity.metadata.name === 'profile-apps')
        .pop()?.entity.metadata.description;
    await waitFor(() => lastApps() === 'version 4', 'the newest profile');
    // Quiet for a while: nothing older arrives after it.
    await new Promise(r => setTimeout(r, 1500));
    expect(lastApps()).toBe('version 4');
    expect(connection.mostAtOnce).toBe(1);
  });

  it('sends a delta when a cluster’s live state changes', async () => {
    const connection = new RecordingConnection();
    await provider.connect(connection);
    await provider.fullSync();
    await createDevLocalCluster(sandbox);
    await waitFor(
      () =>
        connection.deltas.some(d =>
          d.added.some(
            e =>
              e.entity.metadata.annotations?.['arlon.io/phase'] ===
              'Provisioned',
          ),
        ),
      'the Provisioned phase to reach the catalog',
    );
    const last = connection.deltas[connection.deltas.length - 1];
    expect(last.added.map(e => e.entity.metadata.name)).toEqual(['dev-local']);
  });

  it('keeps ArgoCD sync and health out of the catalog: an Application reporting them sends no delta', async () => {
    const connection = new RecordingConnection();
    await provider.connect(connection);
    await provider.fullSync();
    const custom = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
    ).makeApiClient(CustomObjectsApi);
    // A provisioned cluster: its entity shows live facts from here on.
    await createDevLocalCluster(sandbox);
    const phase = (e: { entity: { metadata: { annotations?: object } } }) =>
      (e.entity.metadata.annotations as Record<string, string> | undefined)?.[
        'arlon.io/phase'
      ];
    await waitFor(
      () =>
        connection.deltas.some(d =>
          d.added.some(e => phase(e) === 'Provisioned'),
        ),
      'the Provisioned phase to reach the catalog',
    );
    const deltasBefore = connection.deltas.length;

    // Its root Application, whose sync and health the sandbox's ArgoCD reports.
    await custom.createNamespacedCustomObject({
      group: 'argoproj.io',
      version: 'v1alpha1',
      plural: 'applications',
      namespace: 'argocd',
      body: {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'Application',
        metadata: {
          name: 'dev-local',
          namespace: 'argocd',
          labels: {
            'arlon.io/kind': 'cluster',
            'arlon.io/cluster': 'dev-local',
          },
        },
        spec: {
          project: 'default',
          source: {
            repoURL: sandbox.fleetRepoUrl,
            path: 'generated/clusters/dev-local',
            targetRevision: 'main',
          },
          destination: {
            server: 'https://kubernetes.default.svc',
            namespace: 'default',
          },
        },
      },
    });
    const informers = clusters.list()[0].informers();
    await waitFor(
      () =>
        !!informers.applications.get('dev-local', 'argocd')?.status?.sync
          ?.status,
      'ArgoCD to report the Application’s sync status',
    );
    // Longer than the provider coalesces live changes for (250 ms).
    await new Promise(r => setTimeout(r, 1000));
    expect(connection.deltas.length).toBe(deltasBefore);
    const annotations = connection.deltas
      .flatMap(d => d.added)
      .map(e => e.entity.metadata.annotations ?? {});
    expect(
      annotations.some(a => 'arlon.io/sync' in a || 'arlon.io/health' in a),
    ).toBe(false);
  });

  it('waits for the first list of live objects before its first full sync, so no delta re-sends the clusters', async () => {
    const custom = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
    ).makeApiClient(CustomObjectsApi);
    await createDevLocalCluster(sandbox);
    const phase = async () =>
      (
        (await custom.getNamespacedCustomObject({
          group: 'cluster.x-k8s.io',
          version: 'v1beta1',
          plural: 'clusters',
          namespace: 'dev-local',
          name: 'dev-local',
        })) as { status?: { phase?: string } }
      ).status?.phase;
    const deadline = Date.now() + 15_000;
    while ((await phase()) !== 'Provisioned' && Date.now() < deadline)
      await new Promise(r => setTimeout(r, 50));
    // A slow management cluster: its first list arrives after the fleet is read.
    sandbox.apiServer.faults.latencyMs = 1500;
    const connection = new RecordingConnection();
    await provider.connect(connection);
    await provider.fullSync();
    sandbox.apiServer.faults.latencyMs = 0;
    const full = connection.mutations[0];
    const devLocal =
      full.type === 'full'
        ? full.entities.find(e => e.entity.metadata.name === 'dev-local')
        : undefined;
    expect(devLocal?.entity.metadata.annotations?.['arlon.io/phase']).toBe(
      'Provisioned',
    );
    await new Promise(r => setTimeout(r, 1000));
    expect(connection.deltas).toEqual([]);
  });
});
