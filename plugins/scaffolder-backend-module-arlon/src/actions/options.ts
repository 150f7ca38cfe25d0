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
  definitions: FleetDefinitions;
  permissions: PermissionsService;
  managementClusters: ManagementClusters;
  /** Owner of definitions that name none (the catalog's `defaultOwner`): what owner checks see. */
  defaultOwner?: string;
}
