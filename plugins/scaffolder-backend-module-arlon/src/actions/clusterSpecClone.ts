import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import {
  arlonDefinitionCreatePermission,
  ClusterSpec,
} from '@arlon-backstage/plugin-arlon-common';
import { clusterSpecInputs } from './clusterSpecCreate';
import { examples } from './clusterSpecClone.examples';
import {
  ArlonActionsOptions,
  createOnce,
  definition,
  existing,
  nameOf,
  outputEntityRef,
  writeFleet,
  writeOutputs,
} from './fleetWrite';

/**
 * `arlon:clusterspec:clone`: a copy of a cluster spec under a new name, with optional changes.
 *
 * @public
 */
export function createClusterSpecCloneAction(options: ArlonActionsOptions) {
  return createTemplateAction({
    id: 'arlon:clusterspec:clone',
    description:
      'Writes a copy of an existing cluster spec under a new name, with optional changes, as one commit',
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        source: (z: any) => z.string().describe('The cluster spec to copy'),
        name: (z: any) => z.string().describe("The new spec's name"),
        description: (z: any) => z.string().optional(),
        kubernetesVersion: (z: any) => z.string().optional(),
        region: (z: any) => z.string().optional(),
        nodePools: (z: any) => clusterSpecInputs.nodePools(z).optional(),
      },
      output: writeOutputs,
    },
    async handler(ctx) {
      const { name, ...changes } = ctx.input;
      const source = nameOf('ClusterSpec', ctx.input.source);
      delete changes.source;
      let clone!: ClusterSpec;
      await writeFleet(ctx, options, {
        permission: arlonDefinitionCreatePermission,
        what: 'write cluster specs',
        message: `Clone ClusterSpec ${source} as ${name}`,
        edits: files => {
          const original = existing<ClusterSpec>(files, 'ClusterSpec', source);
          clone = definition<ClusterSpec>({
            ...original,
            metadata: { ...original.metadata, name },
            spec: { ...original.spec, ...changes },
          });
          return createOnce(files, clone);
        },
      });
      outputEntityRef(ctx, clone);
    },
  });
}
