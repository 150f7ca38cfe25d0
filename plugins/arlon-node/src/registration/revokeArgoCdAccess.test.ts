import {
  CoreV1Api,
  RbacAuthorizationV1Api,
  VersionApi,
} from '@kubernetes/client-node';
import {
  KubeApiServer,
  kubeConfigFor,
  kubeconfigYaml,
} from '@arlon-backstage/arlon-sandbox';
import { workloadAccess } from '../kubeconfig/WorkloadAccess';
import { DEFAULT_SECURITY } from '../config/readArlonSecurity';
import {
  createArgoCdAccess,
  revokeArgoCdAccess,
} from './registerWorkloadCluster';

describe('ArgoCD access to a workload cluster', () => {
  let workload: KubeApiServer;
  let kubeconfig: string;
  const readOnly = [
    { apiGroups: ['*'], resources: ['*'], verbs: ['get', 'list', 'watch'] },
  ];
  // The sandbox's workload clusters are on loopback: allowed explicitly.
  const access = workloadAccess({
    ...DEFAULT_SECURITY,
    allowedNetworks: ['127.0.0.1/32'],
    argocdClusterRoleRules: readOnly,
  });

  beforeEach(async () => {
    workload = await KubeApiServer.start({ token: 'capi-admin' });
    kubeconfig = kubeconfigYaml(
      'w',
      workload.url,
      'capi-admin',
      workload.caData,
    );
  });
  afterEach(() => workload.stop());

  const as = (token: string) =>
    kubeConfigFor(workload.url, token, workload.caData);

  it('gives ArgoCD the configured ClusterRole, and revoking deletes its token, binding, role and account', async () => {
    const argocd = await createArgoCdAccess(kubeconfig, access);
    expect(argocd.server).toBe(workload.url);
    const rbac = as('capi-admin').makeApiClient(RbacAuthorizationV1Api);
    expect(
      (await rbac.readClusterRole({ name: 'argocd-manager-role' })).rules,
    ).toEqual(readOnly);
    await as(argocd.bearerToken).makeApiClient(VersionApi).getCode();

    const deleted = await revokeArgoCdAccess(kubeconfig, access);
    expect(deleted).toEqual([
      'Secret kube-system/argocd-manager-token',
      'ClusterRoleBinding argocd-manager-role-binding',
      'ClusterRole argocd-manager-role',
      'ServiceAccount kube-system/argocd-manager',
    ]);
    // The token no longer opens the cluster.
    await expect(
      as(argocd.bearerToken).makeApiClient(CoreV1Api).listNamespace(),
    ).rejects.toMatchObject({ code: 401 });
    await expect(
      as('capi-admin').makeApiClient(CoreV1Api).readNamespacedServiceAccount({
        name: 'argocd-manager',
        namespace: 'kube-system',
      }),
    ).rejects.toMatchObject({ code: 404 });
    // Revoking again finds nothing to do.
    expect(await revokeArgoCdAccess(kubeconfig, access)).toEqual([]);
  });

  it("leaves an argocd-manager account Arlon did not create (argocd cluster add's)", async () => {
    const core = as('capi-admin').makeApiClient(CoreV1Api);
    await core.createNamespacedServiceAccount({
      namespace: 'kube-system',
      body: { metadata: { name: 'argocd-manager' } },
    });
    expect(await revokeArgoCdAccess(kubeconfig, access)).toEqual([]);
    await core.readNamespacedServiceAccount({
      name: 'argocd-manager',
      namespace: 'kube-system',
    });
  });

  it('refuses a workload cluster on loopback under the default policy, before connecting', async () => {
    await expect(
      revokeArgoCdAccess(kubeconfig, workloadAccess()),
    ).rejects.toThrow(
      /kubeconfig clusters\[0\]\.cluster\.server: the portal does not connect to/,
    );
  });
});
