import {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import {
  AuthorizeResult,
  BasicPermission,
} from '@backstage/plugin-permission-common';

/** Throws a 403 naming the permission unless the caller holds it. */
export async function authorize(
  permissions: PermissionsService,
  permission: BasicPermission,
  credentials: BackstageCredentials,
  what: string,
) {
  const [decision] = await permissions.authorize([{ permission }], {
    credentials,
  });
  if (decision.result !== AuthorizeResult.ALLOW) {
    throw new NotAllowedError(
      `You may not ${what} (permission ${permission.name})`,
    );
  }
}
