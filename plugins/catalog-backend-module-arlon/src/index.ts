/**
 * Catalog module for Arlon: bundles, profiles, cluster specs and clusters as
 * Resource entities with live status.
 *
 * @packageDocumentation
 */
export { catalogModuleArlon as default } from './module';
export { ArlonEntityProvider } from './ArlonEntityProvider';
export { ArlonProblemsProcessor } from './ArlonProblemsProcessor';
export {
  fleetEntities,
  entityName,
  entityRef,
  ENTITY_TYPES,
} from './fleetEntities';
