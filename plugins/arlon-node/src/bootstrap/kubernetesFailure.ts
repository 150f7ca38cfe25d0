import {
  NotAllowedError,
  NotFoundError,
  ServiceUnavailableError,
} from '@backstage/errors';
import { missingPermission } from '../connection/missingPermission';

/**
 * An error for a failed request to the management cluster, built from what
 * was asked and the HTTP status only: never from the response body or the
 * request, which may hold the repository credentials bootstrap applies.
 */
export function kubernetesFailure(error: unknown, what: string): Error {
  const code = (error as { code?: unknown })?.code;
  if (code === 403)
    return new NotAllowedError(
      `The management cluster refused to ${what} (HTTP 403${because(
        missingPermission(error),
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

function because(missing: string | undefined): string {
  return missing ? `: ${missing}` : '';
}
