import { mockServices } from '@backstage/backend-test-utils';
import { CoreV1Api } from '@kubernetes/client-node';
import {
  Sandbox,
  kubeConfigFor,
  eventually,
} from '@arlon-backstage/arlon-sandbox';
import { sandboxManagementCluster } from '../__testUtils__/sandboxManagement';
import { RegistrationController } from './RegistrationController';

/**
 * The profile labels of ArgoCD cluster Secrets decide which bundles ArgoCD
 * deploys where: the registration controller adds a cluster's profiles,
 * removes stale ones, keeps others' labels, keeps a held cluster's labels
 * as they are and takes every profile label off a cluster being deleted.
 * Imported clusters (no CAPI Cluster) are synced on resync, against the
 * sandbox's real API server.
 */
describe('RegistrationController label sync', () => {
  let sandbox: Sandbox;
  let controller: RegistrationController | undefined;
  /** The clusters whose labels the controller asked for, in order. */
  let asked: string[] = [];

  beforeEach(async () => {
    asked = [];
    sandbox = await Sandbox.start();
  });
  afterEach(async () => {
    await controller?.stop();
    controller = undefined;
    await sandbox.stop();
  }, 20_000);

  const kc = () =>
    kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    );

  /** Starts the controller; `null` profiles: the cluster is held at last known good. */
  const start = async (profiles: Record<string, string[] | null>) => {
    controller = new RegistrationController({
      cluster: sandboxManagementCluster(sandbox),
      logger: mockServices.logger.mock(),
      profileLabels: async name => {
        asked.push(name);
        const list = profiles[name];
        if (list === null) return null;
        return Object.fromEntries(
          (list ?? []).map(p => [`profile.arlon.io/${p}`, 'true']),
        );
      },
    });
    // start() lists the Secrets, then resyncs: imported clusters are synced.
    await controller.start();
  };

  /** An ArgoCD cluster Secret as an import writes it, with the labels given. */
  const importedSecret = (
    name: string,
    labels: Record<string, string>,
    annotations: Record<string, string> = {},
  ) =>
    kc()
      .makeApiClient(CoreV1Api)
      .createNamespacedSecret({
        namespace: 'argocd',
        body: {
          metadata: {
            name: `cluster-${name}`,
            labels: {
              'argocd.argoproj.io/secret-type': 'cluster',
              'arlon.io/cluster': name,
              ...labels,
            },
            annotations,
          },
          stringData: {
            name,
            server: `https://${name}.example.com`,
            config: '{}',
          },
        },
      });
  const labelsOf = async (name: string) =>
    (
      await kc()
        .makeApiClient(CoreV1Api)
        .readNamespacedSecret({ name: `cluster-${name}`, namespace: 'argocd' })
    ).metadata?.labels ?? {};

  it('after a commit, resyncs only the clusters named: the others are not even asked about', async () => {
    // Listed in this order, so a resync of every cluster would ask for
    // a-edge before z-edge.
    await importedSecret('a-edge', {});
    await importedSecret('z-edge', {});
    const profiles: Record<string, string[]> = { 'a-edge': [], 'z-edge': [] };
    await start(profiles);
    await eventually(
      async () => asked.includes('a-edge') && asked.includes('z-edge'),
      'both clusters synced at start',
    );
    profiles['a-edge'] = ['apps'];
    profiles['z-edge'] = ['apps'];
    asked = [];
    controller!.resync(new Set(['z-edge']));
    await eventually(
      async () =>
        (await labelsOf('z-edge'))['profile.arlon.io/apps'] === 'true',
      'z-edge labelled',
    );
    expect(asked).toEqual(['z-edge']);
    expect((await labelsOf('a-edge'))['profile.arlon.io/apps']).toBeUndefined();
  });

  it("adds its profiles' labels, removes stale ones and leaves others' labels alone", async () => {
    await importedSecret('edge', {
      'profile.arlon.io/old': 'true',
      'profile.arlon.io/apps': 'false',
      'team.example.com/owner': 'edge-team',
    });
    await start({ edge: ['apps', 'infrastructure'] });
    await eventually(
      async () =>
        (await labelsOf('edge'))['profile.arlon.io/infrastructure'] === 'true',
      'the imported cluster labelled',
    );
    expect(await labelsOf('edge')).toEqual({
      'argocd.argoproj.io/secret-type': 'cluster',
      'arlon.io/cluster': 'edge',
      'profile.arlon.io/apps': 'true',
      'profile.arlon.io/infrastructure': 'true',
      'team.example.com/owner': 'edge-team',
    });
  });

  it('keeps the labels of a held cluster as they are, and leaves a CAPI-built one to its reconcile', async () => {
    // Secrets are listed by name and synced one after another: "a-held" and
    // "b-built" are done before "z-sentinel" is labelled.
    await importedSecret('a-held', { 'profile.arlon.io/old': 'true' });
    await importedSecret(
      'b-built',
      { 'profile.arlon.io/old': 'true' },
      { 'arlon.io/capi-cluster': 'default/b-built' },
    );
    await importedSecret('z-sentinel', {});
    await start({
      'a-held': null,
      'b-built': ['apps'],
      'z-sentinel': ['apps'],
    });
    await eventually(
      async () =>
        (await labelsOf('z-sentinel'))['profile.arlon.io/apps'] === 'true',
      'the sentinel labelled',
    );
    expect(await labelsOf('a-held')).toEqual({
      'argocd.argoproj.io/secret-type': 'cluster',
      'arlon.io/cluster': 'a-held',
      'profile.arlon.io/old': 'true',
    });
    expect(await labelsOf('b-built')).toEqual({
      'argocd.argoproj.io/secret-type': 'cluster',
      'arlon.io/cluster': 'b-built',
      'profile.arlon.io/old': 'true',
    });
  });

  it('takes every profile label off a cluster being deleted, held or not', async () => {
    const deleting = { 'arlon.io/deleting': '2026-01-01T00:00:00Z' };
    await importedSecret(
      'going',
      { 'profile.arlon.io/apps': 'true', 'team.example.com/x': 'y' },
      deleting,
    );
    await importedSecret(
      'held-going',
      { 'profile.arlon.io/apps': 'true' },
      deleting,
    );
    await start({ going: ['apps'], 'held-going': null });
    for (const name of ['going', 'held-going'])
      await eventually(
        async () => !('profile.arlon.io/apps' in (await labelsOf(name))),
        `the profile labels of ${name} removed`,
      );
    expect(await labelsOf('going')).toEqual({
      'argocd.argoproj.io/secret-type': 'cluster',
      'arlon.io/cluster': 'going',
      'team.example.com/x': 'y',
    });
  });
});
