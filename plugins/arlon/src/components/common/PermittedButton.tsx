import { useApi } from '@backstage/frontend-plugin-api';
import {
  AuthorizeResult,
  isResourcePermission,
  type Permission,
} from '@backstage/plugin-permission-common';
import {
  permissionApiRef,
  usePermission,
} from '@backstage/plugin-permission-react';
import Button, { ButtonProps } from '@material-ui/core/Button';
import Tooltip from '@material-ui/core/Tooltip';
import useAsync from 'react-use/esm/useAsync';

/**
 * Whether the signed-in user holds a permission: a basic one outright, a
 * resource one on the entity (or entities) it acts on, so the policy's
 * conditions (e.g. "owners update their own clusters") count.
 */
function usePermitted(
  permission: Permission,
  resourceRef: string | undefined,
  resourceRefs: string[] | undefined,
  needs: 'all' | 'any',
) {
  const api = useApi(permissionApiRef);
  const one = usePermission(
    isResourcePermission(permission)
      ? { permission, resourceRef }
      : { permission },
  );
  const key = resourceRefs?.join('\n');
  const many = useAsync(async () => {
    if (!resourceRefs) return undefined;
    const answers = await Promise.all(
      resourceRefs.map(ref => api.authorize({ permission, resourceRef: ref })),
    );
    const allowed = answers.map(a => a.result === AuthorizeResult.ALLOW);
    return needs === 'all' ? allowed.every(Boolean) : allowed.some(Boolean);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, permission.name, key, needs]);
  if (!resourceRefs) return one;
  return { loading: many.loading, allowed: !!many.value };
}

/**
 * A button for an action that needs a permission: disabled, with the reason
 * on hover, when the signed-in user lacks it.
 */
export function PermittedButton({
  permission,
  resourceRef,
  resourceRefs,
  needs = 'all',
  disabledReason,
  ...props
}: ButtonProps & {
  permission: Permission;
  /** The entity a resource permission is checked on. */
  resourceRef?: string;
  /** Several entities a resource permission is checked on… */
  resourceRefs?: string[];
  /** …allowed on all of them (the action touches each) or on any (it opens a choice). */
  needs?: 'all' | 'any';
  /** Why it is disabled for another reason (e.g. nothing selected). */
  disabledReason?: string;
}) {
  const { allowed, loading } = usePermitted(
    permission,
    resourceRef,
    resourceRefs,
    needs,
  );
  const reason =
    !loading && !allowed
      ? `You need the ${permission.name} permission`
      : disabledReason;
  const button = (
    <Button
      {...props}
      disabled={props.disabled || loading || !allowed || !!disabledReason}
    />
  );
  // Always the same structure, so the button is not remounted when the permission answers.
  return (
    <Tooltip title={reason ?? ''}>
      {/* A disabled button fires no events: the span carries the tooltip. */}
      <span>{button}</span>
    </Tooltip>
  );
}
