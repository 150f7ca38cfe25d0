import type { BasicPermission } from '@backstage/plugin-permission-common';
import { usePermission } from '@backstage/plugin-permission-react';
import Button, { ButtonProps } from '@material-ui/core/Button';
import Tooltip from '@material-ui/core/Tooltip';

/**
 * A button for an action that needs a permission: disabled, with the reason
 * on hover, when the signed-in user lacks it.
 */
export function PermittedButton({
  permission,
  disabledReason,
  ...props
}: ButtonProps & {
  permission: BasicPermission;
  /** Why it is disabled for another reason (e.g. nothing selected). */
  disabledReason?: string;
}) {
  const { allowed, loading } = usePermission({ permission });
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
