import {
  NotAllowedError,
  NotFoundError,
  ServiceUnavailableError,
} from '@backstage/errors';

/**
 * An error for a failed request to the management cluster, built from what
 * was asked and the HTTP status only: never from the response body or the
 * request, which may hold the repository credentials bootstrap applies.
 */
export function kubernetesFailure(error: unknown, what: string): Error {
  const code = (error as { code?: unknown })?.code;
  if (code === 403)
    return new NotAllowedError(
      `The management cluster refused to ${what} (HTTP 403${forbiddenBecause(
        error,
      )}): grant the account it was asked with that permission (arlon bootstrap --print-rbac lists the portal's)`,
    );
  if (code === 401)
    return new NotAllowedError(
      `The management cluster refused the credentials while trying to ${what} (HTTP 401): check the kubeconfig context or token`,
    );
  if (code === 404)
    return new NotFoundError(
      `The management cluster does not serve what is needed to ${what} (HTTP 404): is ArgoCD installed?`,
    );
  if (typeof code === 'number')
    return new ServiceUnavailableError(
      `The management cluster could not ${what} (HTTP ${code})`,
    );
  const errno = (error as { code?: unknown; cause?: { code?: unknown } })?.cause
    ?.code;
  return new ServiceUnavailableError(
    `The management cluster did not answer while trying to ${what}${
      typeof errno === 'string' && /^[A-Z_]{2,32}$/.test(errno)
        ? ` (${errno})`
        : ''
    }: check the kubeconfig context's server address and that it is reachable`,
  );
}

/** kube-apiserver's refusal sentence (responsewriters.forbiddenMessage), as the backend's kubernetesForbidden.ts reads it. */
const REFUSAL =
  /User "[a-z0-9:@._-]{1,300}" cannot [a-z*]{1,32} (?:resource "[a-z0-9*/.-]{1,300}" in API group "[a-z0-9.-]{0,253}" (?:in the namespace "[a-z0-9-]{1,63}"|at the cluster scope)|path "\/[A-Za-z0-9*/._-]{0,300}")/;

/**
 * The API server's own words for a 403 (`User "..." cannot patch resource
 * "applications" in API group "argoproj.io" in the namespace "argocd"`),
 * which name the missing permission: only from a Status whose reason is
 * Forbidden, whose message names who, verb and resource and never an
 * object's content; anything else is left out.
 */
function forbiddenBecause(error: unknown): string {
  const body = (error as { body?: unknown })?.body;
  let status: any;
  try {
    status = typeof body === 'string' ? JSON.parse(body) : body;
  } catch {
    return '';
  }
  const message = status?.message;
  if (
    status?.kind !== 'Status' ||
    status?.reason !== 'Forbidden' ||
    typeof message !== 'string' ||
    !/^[\x20-\x7e]{1,600}$/.test(message)
  )
    return '';
  // The sentence alone, each part held to Kubernetes' characters: never the
  // text around it (an authorizer's reason, or anything else a server sends).
  const cannot = REFUSAL.exec(message);
  return cannot ? `: ${cannot[0]}` : '';
}
