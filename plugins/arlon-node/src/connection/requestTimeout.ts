import type { KubeConfig } from '@kubernetes/client-node';

const LIMITED = Symbol('arlon.requestTimeout');

/**
 * Gives every API request made through `kc` a deadline: after `timeoutMs`
 * the request is aborted (its socket closed) and the call rejects with an
 * AbortError, which describeConnectionError turns into "did not answer
 * within ...". @kubernetes/client-node has no timeout of its own: a server
 * that accepts a connection and never answers would hold the call forever.
 *
 * The deadline is set where client-node authenticates each request of its
 * generated APIs and of KubernetesObjectApi; watches (informers) do not pass
 * there, so they stay open as long as the server keeps them.
 */
export function limitRequestTime(
  kc: KubeConfig,
  timeoutMs: number,
): KubeConfig {
  const target = kc as KubeConfig & { [LIMITED]?: number };
  const limited = target[LIMITED] !== undefined;
  // A second call changes the deadline (the configured one replaces the default).
  target[LIMITED] = timeoutMs;
  if (limited) return kc;
  const authenticate = kc.applySecurityAuthentication.bind(kc);
  kc.applySecurityAuthentication = async context => {
    await authenticate(context);
    const deadline = AbortSignal.timeout(target[LIMITED]!);
    const own = context.getSignal();
    context.setSignal(own ? AbortSignal.any([own, deadline]) : deadline);
  };
  return kc;
}

/** Whether `error` is a request aborted by {@link limitRequestTime}'s deadline (or any abort). */
export function isAbortError(error: unknown): boolean {
  const e = error as { name?: string; type?: string } | undefined;
  return e?.name === 'AbortError' || e?.type === 'aborted';
}

/** The deadline `limitRequestTime` gave `kc`, if any. */
export function requestTimeoutOf(kc: KubeConfig): number | undefined {
  return (kc as KubeConfig & { [LIMITED]?: number })[LIMITED];
}
