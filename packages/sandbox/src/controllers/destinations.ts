import { KubeApiServer } from '../kube/KubeApiServer';
import { DestinationCluster } from './appProject';
import { decode } from './applicationSetGenerators';
import { ArgoCdStore } from './argoCdStore';

export const IN_CLUSTER = 'https://kubernetes.default.svc';

/**
 * Where an Application's `destination` leads: the management cluster
 * (`in-cluster`), or a workload cluster through ArgoCD's cluster Secrets,
 * reached only with the token its Secret holds.
 */
export class Destinations {
  constructor(
    private readonly argo: ArgoCdStore,
    private readonly management: KubeApiServer,
    /** API servers by URL: how cluster Secrets' `server` reaches a workload cluster. */
    private readonly servers: Map<string, KubeApiServer>,
  ) {}

  /** The destination's server and name as ArgoCD knows the cluster, for project checks. */
  cluster(dest: any): DestinationCluster | undefined {
    if (dest?.server === IN_CLUSTER || dest?.name === 'in-cluster')
      return { server: IN_CLUSTER, name: 'in-cluster' };
    const data = this.secret(dest);
    return data && { server: data.server ?? '', name: data.name ?? '' };
  }

  /** A destination by server URL or by cluster name, through ArgoCD's cluster Secrets. */
  server(dest: any): KubeApiServer | undefined {
    if (dest?.server === IN_CLUSTER || dest?.name === 'in-cluster')
      return this.management;
    const data = this.secret(dest);
    if (!data) return undefined;
    const server = this.servers.get(data.server);
    const token = safeJson(data.config)?.bearerToken;
    return server && server.acceptsToken(token) ? server : undefined;
  }

  /** The decoded data of the cluster Secret a destination names (by server URL, else by name). */
  private secret(dest: any): Record<string, any> | undefined {
    for (const secret of this.argo.clusterSecrets()) {
      const data = decode(secret.data);
      if (dest?.server ? data.server === dest.server : data.name === dest?.name)
        return data;
    }
    return undefined;
  }
}

function safeJson(text: string | undefined): any {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
