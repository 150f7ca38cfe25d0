import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import type { ClusterSpec } from '@arlon-backstage/plugin-arlon-common';
import { clusterSpecInputs } from './clusterSpecCreate';
import { examples } from './clusterSpecClone.examples';
import { definition, existing } from './definitions';
import { nameOf } from './names';
import type { ArlonActionsOptions } from './options';
import { writeOutputs } from './outputs';
import type { ArlonTemplateAction } from './ArlonTemplateAction';
import type { ScaffolderZod } from './schema';
import { createDefinition } from './writeFleet';

/**
 * `arlon:clusterspec:clone`: a copy of a cluster spec under a new name, with optional changes.
 *
 * @public
 */
export function createClusterSpecCloneAction(
  options: ArlonActionsOptions,
): ArlonTemplateAction {
  return createTemplateAction({
    id: 'arlon:clusterspec:clone',
    description:
      'Writes a copy of an existing cluster spec under a new name, with optional changes, as one commit',
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        source: (z: ScaffolderZod) =>
          z.string().describe('The cluster spec to copy'),
        name: (z: ScaffolderZod) => z.string().describe("The new spec's name"),
        description: (z: ScaffolderZod) => z.string().optional(),
        kubernetesVersion: (z: ScaffolderZod) => z.string().optional(),
        region: (z: ScaffolderZod) => z.string().optional(),
        nodePools: (z: ScaffolderZod) =>
          clusterSpecInputs.nodePools(z).optional(),
      },
      output: writeOutputs,
    },
    async handler(ctx) {
      const { name, source: sourceRef, ...changes } = ctx.input;
      const source = nameOf('ClusterSpec', sourceRef);
      await createDefinition(ctx, options, {
        kind: 'ClusterSpec',
        what: 'write cluster specs',
        message: `Clone ClusterSpec ${source} as ${name}`,
        plan: files => {
          const original = existing<ClusterSpec>(files, 'ClusterSpec', source);
          return {
            definition: definition<ClusterSpec>({
              ...original,
              metadata: { ...original.metadata, name },
              spec: { ...original.spec, ...given(changes) },
            }),
          };
        },
      });
    },
  });
}

/**
 * The changes a template gave: an unanswered field (undefined, or "" as a
 * template renders it) keeps the source's value instead of erasing it.
 */
function given<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(([, v]) => v !== undefined && v !== ''),
  ) as Partial<T>;
}
