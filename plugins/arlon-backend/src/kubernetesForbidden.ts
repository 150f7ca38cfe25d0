import { NotAllowedError } from '@backstage/errors';
import { missingPermission } from '@arlon-backstage/plugin-arlon-node';

/**
 * A Kubernetes 403 as Backstage's 403 (NotAllowedError) naming the missing
 * permission and how to grant it; any other error unchanged.
 */
export function forbiddenAsNotAllowed(error: unknown): unknown {
  const missing = missingPermission(error);
  if (!missing) return error;
  return new NotAllowedError(
    `Kubernetes refused the portal's request (HTTP 403): ${missing}. Grant it to the account the portal uses (arlon bootstrap --print-rbac prints the portal's role).`,
  );
}
