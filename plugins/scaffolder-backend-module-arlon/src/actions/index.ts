export { createClusterCreateAction } from './clusterCreate';
export type { ArlonActionsOptions } from './fleetWrite';
