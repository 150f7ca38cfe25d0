import type { PermissionsService } from '@backstage/backend-plugin-api';
import type {
  FleetDefinitions,
  ManagementClusters,
} from '@arlon-backstage/plugin-arlon-node';

/**
 * What every Arlon action shares: the fleet's write path, permissions, the management clusters.
 *
 * @public
 */
export interface ArlonActionsOptions {
  /** The fleet repository's definitions: every write goes through them. */
  definitions: FleetDefinitions;
  /** Asked with the credentials of the user who started the task. */
  permissions: PermissionsService;
  /** Where clusters are imported and unregistered. */
  managementClusters: ManagementClusters;
  /** Owner of definitions that name none (the catalog's `defaultOwner`): what owner checks see. */
  defaultOwner?: string;
}
