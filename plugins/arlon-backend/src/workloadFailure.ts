import { InputError, NotFoundError } from '@backstage/errors';
import {
  isAbortError,
  UnusableClusterSecretError,
} from '@arlon-backstage/plugin-arlon-node';

/** The code checkWorkloadServer's RefusedServerError carries, also on the fetch error that wraps it. */
const REFUSED_SERVER_CODE = 'EARLONREFUSED';

/**
 * Why a workload cluster could not be used, safe to show a user or write to
 * a log: built from the HTTP status, the socket's error code and our own
 * field-named refusals only. Never the error's message from client-node or
 * the socket: client-node puts the response body in it (a workload API
 * server, perhaps compromised, chooses that body), fetch puts the URL and
 * the socket's words (an address and port to scan with).
 */
export function workloadFailure(error: unknown): string {
  if (isAbortError(error))
    return 'it did not answer in time, and the request was aborted. Check that it is up and reachable from the Backstage backend; arlon.limits.kubernetesTimeoutSeconds sets how long to wait.';
  // Our own errors say what to do in our words; they carry nothing a server said.
  if (
    error instanceof InputError ||
    error instanceof NotFoundError ||
    error instanceof UnusableClusterSecretError
  )
    return error.message;
  const codes = codesOf(error);
  if (codes.includes(REFUSED_SERVER_CODE))
    return "its API server's address (or where it redirected) is one the portal does not connect to (arlon.security).";
  const status = statusOf(error);
  if (status === 401 || status === 403)
    return `its API server refused the credentials (HTTP ${status}): check the cluster's ArgoCD Secret or CAPI kubeconfig.`;
  if (status !== undefined) return `its API server answered HTTP ${status}.`;
  const code = codes[0];
  if (code && /CERT|SELF_SIGNED|TLS|SSL/.test(code))
    return `its API server's TLS certificate was not accepted (${code}): check the CA data of its ArgoCD Secret or CAPI kubeconfig.`;
  if (code)
    return `its API server could not be reached (${code}). Check that it is up and reachable from the Backstage backend.`;
  return 'its API server could not be reached or did not answer as a Kubernetes API server. Check that it is up and reachable from the Backstage backend.';
}

function statusOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'number' && code >= 300 && code < 600
    ? code
    : undefined;
}

/** String error codes along the cause chain (fetch and client-node wrap socket errors). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[A-Z0-9_]+$/.test(e.code))
      codes.push(e.code);
    e = e.cause as typeof e;
  }
  return codes;
}
