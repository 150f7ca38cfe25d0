import {
  createConfiguration,
  KubeConfig,
  ServerConfiguration,
} from '@kubernetes/client-node';
import { JsonRequest, requestJson } from './jsonRequest';

/** Requests to one cluster, each answered with its parsed JSON (requestJson). */
export type JsonClient = (request: JsonRequest) => Promise<any>;

/**
 * requestJson against `kc`'s current cluster, through the configuration
 * `kc.makeApiClient` builds: the same server, authentication, agent (kept
 * alive, guarded) and deadline hooks as the generated clients. For the
 * requests made by the thousand (registration's, one burst of them per
 * cluster): client-node's generated pipeline costs about half a
 * millisecond of CPU a request (the ObjectSerializer's typed copies each
 * way, node-fetch), more than the request itself. Over HTTP/1.1 on the
 * agent's kept-alive connections, not HTTP/2: for registration's few
 * requests per cluster, sessions cost both processes more CPU (alternated
 * runs at 1,000 clusters: controller 9.2–10.7 against 11.0–13.0 ms a
 * cluster, sandbox 8.1–9.3 against 11.1–13.7 ms). Failures keep the shapes
 * callers test (an ApiException's `code` is the HTTP status).
 */
export function jsonClient(kc: KubeConfig): JsonClient {
  const configuration = configurationOf(kc);
  return request => requestJson(configuration, { ...request, http2: false });
}

/** The configuration client-node's `makeApiClient` builds for `kc`'s current cluster. */
export function configurationOf(kc: KubeConfig) {
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error('No active cluster!');
  return createConfiguration({
    baseServer: new ServerConfiguration(cluster.server, {}),
    authMethods: { default: kc },
  });
}

/** A path segment of a resource path: names are the caller's, never spliced in raw. */
export const segment = (name: string) => encodeURIComponent(name);
