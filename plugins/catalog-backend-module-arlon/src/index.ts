/**
 * Catalog module for Arlon: bundles, profiles, cluster specs and clusters as
 * Resource entities with live status.
 *
 * @packageDocumentation
 */
export { catalogModuleArlon as default } from './module';
export { ArlonEntityProvider } from './ArlonEntityProvider';
export { ArlonProblemsProcessor } from './ArlonProblemsProcessor';
export { fleetEntities } from './fleetEntities';
// Entity names and types are shared with the frontend and the scaffolder actions.
export {
  entityName,
  entityRef,
  ENTITY_TYPES,
} from '@arlon-backstage/plugin-arlon-common';
