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
 * way, node-fetch), more than the request itself. Failures keep the shapes
 * callers test (an ApiException's `code` is the HTTP status).
 */
export function jsonClient(kc: KubeConfig): JsonClient {
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error('No active cluster!');
  const configuration = createConfiguration({
    baseServer: new ServerConfiguration(cluster.server, {}),
    authMethods: { default: kc },
  });
  return request => requestJson(configuration, request);
}

/** A path segment of a resource path: names are the caller's, never spliced in raw. */
export const segment = (name: string) => encodeURIComponent(name);
