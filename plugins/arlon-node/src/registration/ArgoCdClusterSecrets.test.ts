import { CoreV1Api } from '@kubernetes/client-node';
import { KubeApiServer, kubeConfigFor } from '@arlon-backstage/arlon-sandbox';
import type { ManagementCluster } from '../cluster/ManagementCluster';
import { ArgoCdClusterSecrets } from './ArgoCdClusterSecrets';

describe('ArgoCdClusterSecrets', () => {
  let server: KubeApiServer;
  let secrets: ArgoCdClusterSecrets;
  let core: CoreV1Api;
  const access = { server: 'https://edge.example:6443', bearerToken: 't' };

  beforeEach(async () => {
    server = await KubeApiServer.start({ token: 'admin' });
    const kubeConfig = kubeConfigFor(server.url, 'admin', server.caData);
    core = kubeConfig.makeApiClient(CoreV1Api);
    await core
      .createNamespace({ body: { metadata: { name: 'argocd' } } })
      .catch(() => undefined);
    secrets = new ArgoCdClusterSecrets({
      kubeConfig,
      argocdNamespace: 'argocd',
    } as ManagementCluster);
  });
  afterEach(() => server.stop());

  it('creates a Secret named as argocd cluster add names it, and never replaces one', async () => {
    expect(await secrets.create('edge', access, { a: '1' })).toBe(true);
    const first = await secrets.read('cluster-edge');
    expect(first?.metadata?.labels).toEqual({ a: '1' });
    expect(
      await secrets.create(
        'edge',
        { ...access, bearerToken: 'other' },
        { a: '2' },
      ),
    ).toBe(false);
    const after = await secrets.read('cluster-edge');
    expect(after?.metadata?.resourceVersion).toBe(
      first?.metadata?.resourceVersion,
    );
  });

  it('reads a missing Secret as undefined and deletes one already gone without error', async () => {
    expect(await secrets.read('cluster-nowhere')).toBeUndefined();
    await expect(secrets.delete('cluster-nowhere')).resolves.toBeUndefined();
  });

  it('adds labels to the Secret as read, and refuses when it changed since', async () => {
    await secrets.create('edge', access, { keep: 'yes' });
    const read = (await secrets.read('cluster-edge'))!;
    await secrets.patch('cluster-edge', { labels: { keep: null, other: 'x' } });
    await expect(
      secrets.addLabels(read, { 'arlon.io/cluster': 'edge' }),
    ).rejects.toMatchObject({ code: 409 });
    const now = (await secrets.read('cluster-edge'))!;
    await secrets.addLabels(now, { 'arlon.io/cluster': 'edge' });
    expect((await secrets.read('cluster-edge'))?.metadata?.labels).toEqual({
      other: 'x',
      'arlon.io/cluster': 'edge',
    });
  });
});
