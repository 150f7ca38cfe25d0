import type { TemplateAction } from '@backstage/plugin-scaffolder-node';
import { createBundleCreateAction } from './bundleCreate';
import { createClusterCloneAction } from './clusterClone';
import { createClusterCreateAction } from './clusterCreate';
import { createClusterDeleteAction } from './clusterDelete';
import { createClusterImportAction } from './clusterImport';
import { createClusterUnregisterAction } from './clusterUnregister';
import { createClusterUpgradeAction } from './clusterUpgrade';
import { createClusterSpecCloneAction } from './clusterSpecClone';
import { createClusterSpecCreateAction } from './clusterSpecCreate';
import type { ArlonActionsOptions } from './options';
import { createNodePoolUpdateAction } from './nodePoolUpdate';
import { createProfileApplyAction } from './profileApply';
import { createProfileCreateAction } from './profileCreate';
import { createValidateAction } from './validate';

/**
 * Every `arlon:*` action, sharing one write path.
 *
 * Declared rather than inferred: the inferred union of eleven action types
 * is printed in the type checker's order, which differs between builds and
 * made the API report flap.
 *
 * @public
 */
export function createArlonActions(
  options: ArlonActionsOptions,
): TemplateAction<any, any, 'v2'>[] {
  return [
    createClusterCreateAction(options),
    createClusterCloneAction(options),
    createClusterImportAction(options),
    createClusterUnregisterAction(options),
    createClusterDeleteAction(options),
    createClusterUpgradeAction(options),
    createNodePoolUpdateAction(options),
    createClusterSpecCreateAction(options),
    createClusterSpecCloneAction(options),
    createBundleCreateAction(options),
    createProfileCreateAction(options),
    createProfileApplyAction(options, 'apply'),
    createProfileApplyAction(options, 'remove'),
    createValidateAction(options),
  ];
}
