import type { KubeConfig } from '@kubernetes/client-node';
import { sharedSecureContext } from './sharedSecureContext';

/** How long an idle kept-alive connection stays open (a comparison's cluster is not reused later). */
export const IDLE_MS = 30_000;

/**
 * @kubernetes/client-node builds a new TLS agent for every request, so every
 * request pays a TLS handshake (about 3 ms each against the sandbox; far more
 * across a network). A pre-flight makes one request per object, so this
 * KubeConfig keeps one keep-alive agent per set of TLS options instead. The
 * options hold the CA and any client certificate, never the bearer token
 * (a header), so a token refresh still applies to every request.
 * Management clusters and workload clusters are reached this way too:
 * registering a cluster makes about ten requests to each, and a label sync
 * one per cluster, so a fleet of 1,000 paid 10,000 handshakes.
 */
export function reuseConnections(
  kc: KubeConfig,
  /** Idle sockets close after this long. */
  idleMs: number = IDLE_MS,
): KubeConfig {
  const target = kc as unknown as {
    createAgent?: (cluster: unknown, options: object) => unknown;
  };
  const create = target.createAgent?.bind(kc);
  if (!create) return kc; // a client-node without the hook: nothing to reuse
  const agents = new Map<string, unknown>();
  target.createAgent = (cluster, options) => {
    const key = agentKey(options);
    if (!agents.has(key))
      agents.set(
        key,
        create(cluster, {
          ...options,
          keepAlive: true,
          timeout: idleMs,
          // One TLS context per CA and client certificate, not per connection.
          secureContext: sharedSecureContext(
            options as Record<string, unknown>,
          ),
        }),
      );
    return agents.get(key);
  };
  return kc;
}

/**
 * Equal for equal TLS options, different for any difference. The CA and
 * client certificate arrive as Buffers, which JSON.stringify writes as a
 * list of numbers: thousands of them per request, most of the cost of
 * reusing an agent. Written as base64 instead (a tagged object, so no string
 * option can spell the same key).
 */
export function agentKey(options: object): string {
  return JSON.stringify(options, function replace(this: any, name, value) {
    const raw = this[name];
    return Buffer.isBuffer(raw) ? { base64: raw.toString('base64') } : value;
  });
}
