import {
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  KubernetesObject,
  V1Secret,
} from '@kubernetes/client-node';
import { ResourceInformer } from './ResourceInformer';

/** A CAPI Cluster, an ArgoCD Application or ApplicationSet: custom objects read as plain data. */
export type CustomObject = KubernetesObject & { spec?: any; status?: any };

export const ARGOCD_CLUSTER_SECRET_SELECTOR =
  'argocd.argoproj.io/secret-type=cluster';
export const CAPI_CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';

/** A CAPI `<cluster>-kubeconfig` Secret (named for the cluster its label names), nothing else. */
export function isCapiKubeconfigSecret(secret: V1Secret): boolean {
  const cluster = secret.metadata?.labels?.[CAPI_CLUSTER_NAME_LABEL];
  return !!cluster && secret.metadata?.name === `${cluster}-kubeconfig`;
}

/**
 * The live state Arlon reads from a management cluster, as informers (list +
 * watch): CAPI Clusters and their kubeconfig Secrets (only those), ArgoCD Applications,
 * ApplicationSets and cluster Secrets.
 */
export class FleetInformers {
  readonly capiClusters: ResourceInformer<CustomObject>;
  readonly kubeconfigSecrets: ResourceInformer<V1Secret>;
  readonly argocdClusterSecrets: ResourceInformer<V1Secret>;
  readonly applications: ResourceInformer<CustomObject>;
  readonly applicationSets: ResourceInformer<CustomObject>;

  constructor(kc: KubeConfig, argocdNamespace: string) {
    const core = kc.makeApiClient(CoreV1Api);
    const custom = kc.makeApiClient(CustomObjectsApi);
    const capi = {
      group: 'cluster.x-k8s.io',
      version: 'v1beta1',
      plural: 'clusters',
    };
    const argo = {
      group: 'argoproj.io',
      version: 'v1alpha1',
      namespace: argocdNamespace,
    };
    this.capiClusters = new ResourceInformer(
      kc,
      '/apis/cluster.x-k8s.io/v1beta1/clusters',
      () => custom.listClusterCustomObject(capi) as any,
    );
    this.kubeconfigSecrets = new ResourceInformer(
      kc,
      '/api/v1/secrets',
      () =>
        core.listSecretForAllNamespaces({
          labelSelector: CAPI_CLUSTER_NAME_LABEL,
        }) as any,
      CAPI_CLUSTER_NAME_LABEL,
      // CAPI labels its CA, etcd, service-account signing keys and proxy
      // Secrets with the same label: only the kubeconfig stays in memory.
      isCapiKubeconfigSecret,
    );
    this.argocdClusterSecrets = new ResourceInformer(
      kc,
      `/api/v1/namespaces/${argocdNamespace}/secrets`,
      () =>
        core.listNamespacedSecret({
          namespace: argocdNamespace,
          labelSelector: ARGOCD_CLUSTER_SECRET_SELECTOR,
        }) as any,
      ARGOCD_CLUSTER_SECRET_SELECTOR,
    );
    this.applications = new ResourceInformer(
      kc,
      `/apis/argoproj.io/v1alpha1/namespaces/${argocdNamespace}/applications`,
      () =>
        custom.listNamespacedCustomObject({
          ...argo,
          plural: 'applications',
        }) as any,
    );
    this.applicationSets = new ResourceInformer(
      kc,
      `/apis/argoproj.io/v1alpha1/namespaces/${argocdNamespace}/applicationsets`,
      () =>
        custom.listNamespacedCustomObject({
          ...argo,
          plural: 'applicationsets',
        }) as any,
    );
  }

  private get all() {
    return [
      this.capiClusters,
      this.kubeconfigSecrets,
      this.argocdClusterSecrets,
      this.applications,
      this.applicationSets,
    ];
  }

  private users = 0;

  /** Resolves once every informer has listed its objects (never, while the management cluster cannot be reached). */
  get listed(): Promise<void> {
    return Promise.all(this.all.map(i => i.listed)).then(() => undefined);
  }

  /** Starts the informers for one more user; they run until the last user stops. */
  async start() {
    this.users++;
    await Promise.all(this.all.map(i => i.start()));
  }

  async stop() {
    this.users = Math.max(0, this.users - 1);
    if (this.users === 0) await Promise.all(this.all.map(i => i.stop()));
  }
}
