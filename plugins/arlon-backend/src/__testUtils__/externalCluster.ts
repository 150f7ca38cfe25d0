import {
  KubeApiServer,
  kubeconfigYaml,
  type Sandbox,
} from '@arlon-backstage/arlon-sandbox';

/** An external cluster for import tests, and the admin kubeconfig an operator would paste. */
export interface ExternalCluster {
  server: KubeApiServer;
  /** The admin's bearer token: a credential that must never leave the import. */
  token: string;
  /** The admin kubeconfig (YAML text) that carries the token. */
  kubeconfig: string;
  stop(): Promise<void>;
}

/**
 * Starts an API server outside the fleet, on the sandbox's "network" (the
 * simulated ArgoCD can reach it and deploys bundles there once imported),
 * its changes recorded in the sandbox's event log under `name`.
 */
export async function startExternalCluster(
  sandbox: Sandbox,
  name: string,
  token = `${name}-admin`,
): Promise<ExternalCluster> {
  const server = await KubeApiServer.start({ token });
  sandbox.servers.set(server.url, server);
  server.store.observe(e => sandbox.events.record(name, e));
  return {
    server,
    token,
    kubeconfig: kubeconfigYaml(name, server.url, token, server.caData),
    stop: async () => {
      sandbox.servers.delete(server.url);
      await server.stop();
    },
  };
}
