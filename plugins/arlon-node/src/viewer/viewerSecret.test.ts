import { CoreV1Api } from '@kubernetes/client-node';
import { KubeApiServer, kubeConfigFor } from '@arlon-backstage/arlon-sandbox';
import type { ManagementCluster } from '../cluster/ManagementCluster';
import {
  putViewerSecret,
  readViewerSecret,
  viewerAccessFromSecret,
} from './viewerCredentials';

describe('the viewer Secret in the management cluster', () => {
  let server: KubeApiServer;
  let management: ManagementCluster;
  const access = { server: 'https://edge.example:6443', bearerToken: 't1' };

  beforeEach(async () => {
    server = await KubeApiServer.start({ token: 'admin' });
    const kubeConfig = kubeConfigFor(server.url, 'admin', server.caData);
    await kubeConfig
      .makeApiClient(CoreV1Api)
      .createNamespace({ body: { metadata: { name: 'argocd' } } });
    management = { kubeConfig, argocdNamespace: 'argocd' } as ManagementCluster;
  });
  afterEach(() => server.stop());

  it('reads as absent until written, then as written; a second write replaces it', async () => {
    expect(await readViewerSecret(management, 'edge')).toBeUndefined();
    await putViewerSecret(management, 'edge', access);
    const first = await readViewerSecret(management, 'edge');
    expect(viewerAccessFromSecret(first!)).toEqual({
      cluster: 'edge',
      ...access,
      caData: undefined,
    });
    await putViewerSecret(management, 'edge', {
      ...access,
      bearerToken: 't2',
      caData: 'Y2E=',
    });
    expect(
      viewerAccessFromSecret((await readViewerSecret(management, 'edge'))!),
    ).toEqual({
      cluster: 'edge',
      ...access,
      bearerToken: 't2',
      caData: 'Y2E=',
    });
  });

  it('a refused request fails with its HTTP status, not as absent', async () => {
    const refused = {
      ...management,
      kubeConfig: kubeConfigFor(server.url, 'not-a-token', server.caData),
    } as ManagementCluster;
    await expect(readViewerSecret(refused, 'edge')).rejects.toMatchObject({
      code: 401,
    });
    await expect(
      putViewerSecret(refused, 'edge', access),
    ).rejects.toMatchObject({ code: 401 });
  });
});
