/**
 * The write helpers, by the file each now lives in. Kept for the actions
 * that still import them from here (profileApply, clusterImport,
 * clusterUnregister); new code imports from the files themselves.
 */
export type { ArlonActionsOptions } from './options';
export { writeOutputs, outputEntityRef } from './outputs';
export { templateWrite } from './templateWrite';
export { writeFleet } from './writeFleet';
export { definition, existing } from './definitions';
export { nameOf, namesOf } from './names';
