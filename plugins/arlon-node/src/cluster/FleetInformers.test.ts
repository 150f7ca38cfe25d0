import { CoreV1Api } from '@kubernetes/client-node';
import {
  Sandbox,
  eventually,
  kubeConfigFor,
} from '@arlon-backstage/arlon-sandbox';
import { FleetInformers } from './FleetInformers';

describe('FleetInformers', () => {
  let sandbox: Sandbox;
  let informers: FleetInformers;
  let core: CoreV1Api;

  beforeAll(async () => {
    sandbox = await Sandbox.start({});
    core = kubeConfigFor(sandbox.apiServer.url, sandbox.token).makeApiClient(
      CoreV1Api,
    );
  });
  afterAll(async () => {
    await informers?.stop();
    await sandbox.stop();
  });

  /** A Secret CAPI labels with its cluster's name. */
  const capiSecret = (name: string, data: Record<string, string>) =>
    core.createNamespacedSecret({
      namespace: 'default',
      body: {
        metadata: {
          name,
          labels: { 'cluster.x-k8s.io/cluster-name': 'c1' },
        },
        type: 'cluster.x-k8s.io/secret',
        stringData: data,
      },
    });

  it('keeps only <cluster>-kubeconfig Secrets in memory, never CAPI CA, etcd or signing keys', async () => {
    // One before the informers list, the others arrive through the watch.
    await capiSecret('c1-ca', { 'tls.key': 'ca key' });
    informers = new FleetInformers(
      kubeConfigFor(sandbox.apiServer.url, sandbox.token),
      'argocd',
    );
    await informers.start();
    await informers.kubeconfigSecrets.ready;
    await capiSecret('c1-etcd', { 'tls.key': 'etcd key' });
    await capiSecret('c1-sa', { 'tls.key': 'signing key' });
    await capiSecret('c1-kubeconfig', { value: 'kubeconfig' });
    await eventually(
      async () => !!informers.kubeconfigSecrets.get('c1-kubeconfig', 'default'),
      'the kubeconfig Secret in the informer',
    );
    expect(
      informers.kubeconfigSecrets.list().map(s => s.metadata?.name),
    ).toEqual(['c1-kubeconfig']);
    expect(JSON.stringify(informers.kubeconfigSecrets.list())).not.toMatch(
      /ca key|etcd key|signing key/,
    );
  });
});
