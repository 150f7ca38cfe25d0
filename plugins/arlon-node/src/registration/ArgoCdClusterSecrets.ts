import {
  CoreV1Api,
  HttpMethod,
  PatchStrategy,
  setHeaderOptions,
  V1Secret,
} from '@kubernetes/client-node';
import type { ManagementCluster } from '../cluster/ManagementCluster';
import { JsonClient, jsonClient, segment } from '../live/jsonClient';
import {
  argocdClusterSecret,
  type ArgoCdAccess,
} from './registerWorkloadCluster';

/**
 * Label changes as a merge patch: a value sets the label, null removes it.
 *
 * @public
 */
export type LabelPatch = Record<string, string | null>;

const ignore404 = (error: any) => {
  if (error?.code !== 404) throw error;
};

/**
 * The ArgoCD cluster Secrets of one management cluster, the one place they
 * are read, created, relabelled and deleted: by the registration controller
 * (built clusters), import (external clusters, or adopting one ArgoCD
 * knows) and unregistration or deletion. Each is named `cluster-<name>` in
 * ArgoCD's namespace, as `argocd cluster add` names them. Nothing here
 * replaces a Secret's credentials: a taken name is the caller's to refuse.
 *
 * @public
 */
export class ArgoCdClusterSecrets {
  private readonly core: CoreV1Api;
  /** For the create made once per cluster of a burst (see jsonClient). */
  private readonly request: JsonClient;
  private readonly namespace: string;

  constructor(management: ManagementCluster) {
    this.core = management.kubeConfig.makeApiClient(CoreV1Api);
    this.request = jsonClient(management.kubeConfig);
    this.namespace = management.argocdNamespace;
  }

  /** The Secret's name for a cluster. */
  static nameOf(cluster: string): string {
    return `cluster-${cluster}`;
  }

  /** The Secret named `name`, or undefined when there is none (other errors thrown). */
  async read(name: string): Promise<V1Secret | undefined> {
    return this.core
      .readNamespacedSecret({ name, namespace: this.namespace })
      .catch((error: any) => {
        if (error?.code === 404) return undefined;
        throw error;
      });
  }

  /** Every cluster Secret ArgoCD has in its namespace (Arlon's and others'). */
  async list(): Promise<V1Secret[]> {
    const secrets = await this.core.listNamespacedSecret({
      namespace: this.namespace,
      labelSelector: 'argocd.argoproj.io/secret-type=cluster',
    });
    return secrets.items;
  }

  /**
   * Creates the cluster's Secret with `access`; never replaces one. Answers
   * false when the name is taken (the API server's 409), so each caller
   * decides: registration keeps the one there, import refuses.
   */
  async create(
    cluster: string,
    access: ArgoCdAccess,
    labels: Record<string, string>,
    annotations?: Record<string, string>,
  ): Promise<boolean> {
    const body: V1Secret = argocdClusterSecret(
      cluster,
      access,
      labels,
      annotations,
    );
    try {
      await this.request({
        method: HttpMethod.POST,
        path: `/api/v1/namespaces/${segment(this.namespace)}/secrets`,
        body: JSON.stringify(body),
      });
      return true;
    } catch (error: any) {
      if (error?.code === 409) return false;
      throw error;
    }
  }

  /**
   * Replaces `secret` as read with `labels` added: the change is refused
   * (409) if the Secret changed since it was read, so an adoption never
   * writes over what an ArgoCD admin did meanwhile.
   */
  async addLabels(
    secret: V1Secret,
    labels: Record<string, string>,
  ): Promise<void> {
    await this.core.replaceNamespacedSecret({
      name: secret.metadata!.name!,
      namespace: this.namespace,
      body: {
        ...secret,
        metadata: {
          ...secret.metadata,
          labels: { ...secret.metadata?.labels, ...labels },
        },
      },
    });
  }

  /** Merges label and annotation changes into the Secret named `name` (null removes one). */
  async patch(
    name: string,
    metadata: { labels?: LabelPatch; annotations?: LabelPatch },
  ): Promise<void> {
    await this.core.patchNamespacedSecret(
      { name, namespace: this.namespace, body: { metadata } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
  }

  /** Deletes the Secret named `name`; one already gone is fine. */
  async delete(name: string): Promise<void> {
    await this.core
      .deleteNamespacedSecret({ name, namespace: this.namespace })
      .catch(ignore404);
  }
}
