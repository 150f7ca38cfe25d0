import { createClusterCreateAction } from './clusterCreate';
import type { ArlonActionsOptions } from './fleetWrite';

/** Every `arlon:*` action, sharing one write path. */
export function createArlonActions(options: ArlonActionsOptions) {
  return [createClusterCreateAction(options)];
}
