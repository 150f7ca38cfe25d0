import { ObjectStore } from '../kube/ObjectStore';
import { parseLabelSelector } from '../kube/selectors';

export type ArgoCdPlural = 'applications' | 'applicationsets';

const CLUSTER_SECRETS = parseLabelSelector(
  'argocd.argoproj.io/secret-type=cluster',
);

/**
 * ArgoCD's objects in its namespace of the management cluster: its
 * Applications, ApplicationSets and cluster Secrets, as the reconcilers read
 * them.
 */
export class ArgoCdStore {
  constructor(readonly store: ObjectStore, readonly namespace: string) {}

  type(plural: ArgoCdPlural) {
    return this.store.type('argoproj.io', plural)!;
  }

  list(plural: ArgoCdPlural): any[] {
    return this.store.list(this.type(plural), this.namespace);
  }

  find(plural: ArgoCdPlural, name: string): any | undefined {
    try {
      return this.store.get(this.type(plural), this.namespace, name);
    } catch {
      return undefined;
    }
  }

  /** The Secrets labelled `argocd.argoproj.io/secret-type: cluster`: ArgoCD's clusters. */
  clusterSecrets(): any[] {
    return this.store.list(
      this.store.type('', 'secrets')!,
      this.namespace,
      CLUSTER_SECRETS,
    );
  }
}
