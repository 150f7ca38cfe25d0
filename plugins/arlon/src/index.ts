/**
 * Arlon's frontend plugin for a legacy Backstage app: the Fleet page, entity
 * cards and the Diff tab for bundles, profiles, cluster specs and clusters,
 * the conditions that pick them in an `EntityPage.tsx`, and the templates'
 * commit preview field. The new frontend system takes the plugin from
 * `@arlon-backstage/plugin-arlon/alpha`.
 *
 * @packageDocumentation
 */
export {
  arlonPlugin,
  ArlonFleetPage,
  ArlonFleetSummaryCard,
  ArlonCommitPreviewFieldExtension,
  EntityArlonBundleCard,
  EntityArlonClusterCard,
  EntityArlonClusterSpecCard,
  EntityArlonDiffContent,
  EntityArlonProfileCard,
} from './plugin';
export {
  isArlonBundle,
  isArlonCluster,
  isArlonClusterSpec,
  isArlonDiffAvailable,
  isArlonEntity,
  isArlonProfile,
} from './components/common/conditions';
export { arlonApiRef, ArlonClient } from './api/ArlonClient';
export type {
  ArlonApi,
  ClusterRemovalOutcome,
  ClusterRemovalPreview,
  CompareRequest,
  KindSegment,
  ProfileAssignment,
  ProfileAssignmentResult,
  VerifyResponse,
} from './api/ArlonClient';
