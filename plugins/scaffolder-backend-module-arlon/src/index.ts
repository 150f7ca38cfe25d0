/**
 * Scaffolder actions for Arlon: create, clone and import clusters; write
 * bundles, profiles and cluster specs; apply profiles to many clusters;
 * validate a workspace. Each writes through the fleet's write path in
 * `@arlon-backstage/plugin-arlon-node`, as the REST API does.
 *
 * @packageDocumentation
 */
export { scaffolderModuleArlon as default } from './module';
export * from './actions';
