import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { InputError } from '@backstage/errors';
import { checkDefinitionName } from '@arlon-backstage/plugin-arlon-common';
import { changeNodePool } from '../day2/nodePoolChange';
import { rolloutOf } from '../day2/rollout';
import { changeSpecBody } from '../day2/specChange';
import { specTargetOf } from '../day2/specTargetInput';
import { examples } from './nodePoolUpdate.examples';
import type { ArlonActionsOptions } from './options';
import { writeOutputs } from './outputs';
import type { ArlonTemplateAction } from './ArlonTemplateAction';

/**
 * `arlon:nodepool:update`: scale a node pool, set or stop its autoscaling
 * range, or change its machine type, in a cluster spec (and so its linked
 * clusters) or a cloned cluster, as one commit. The log says how Cluster
 * API carries it out (a new content-named machine template is a rolling
 * replacement of the pool's machines).
 *
 * @public
 */
export function createNodePoolUpdateAction(
  options: ArlonActionsOptions,
): ArlonTemplateAction {
  return createTemplateAction({
    id: 'arlon:nodepool:update',
    description:
      'Scales a node pool, sets or stops its autoscaling, or changes its machine type, in a cluster spec (and its linked clusters) or a cloned cluster, as one commit',
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        clusterSpec: z =>
          z
            .string()
            .optional()
            .describe('A cluster spec: it and every cluster linked to it'),
        cluster: z =>
          z
            .string()
            .optional()
            .describe(
              '…or a cloned cluster (built from its own copy of a spec)',
            ),
        nodePool: z => z.string().describe("The pool's name in the spec"),
        replicas: z =>
          z.number().int().optional().describe('Its number of machines'),
        autoscaling: z =>
          z
            .object({ min: z.number().int(), max: z.number().int() })
            .nullable()
            .optional()
            .describe(
              'The autoscaler range { min, max }; null stops autoscaling',
            ),
        machineType: z =>
          z
            .string()
            .optional()
            .describe("The provider's machine type (or node image)"),
      },
      output: {
        ...writeOutputs,
        clusters: z =>
          z.array(z.string()).describe('The clusters the change reaches'),
      },
    },
    async handler(ctx) {
      const target = specTargetOf(ctx.input);
      const { nodePool, replicas, autoscaling } = ctx.input;
      // An unanswered template field renders as "": it keeps the pool's value.
      const machineType =
        ctx.input.machineType === '' ? undefined : ctx.input.machineType;
      if (typeof nodePool !== 'string' || !nodePool)
        throw new InputError(
          '"nodePool" must be the name of a node pool of the spec',
        );
      // A pool is named as a definition is (an RFC 1123 label): checked
      // before the repository is read, and never echoed whole.
      try {
        checkDefinitionName(nodePool, 'nodePool');
      } catch (error) {
        throw new InputError((error as Error).message);
      }
      let notes: string[] = [];
      await changeSpecBody(ctx, options, {
        target,
        what: `change node pools of this ${target.kind}`,
        message: `Change node pool ${nodePool} of ${target.kind} ${target.name}`,
        next: ({ body, file, field }) => {
          const changed = changeNodePool(body, { file, field }, nodePool, {
            replicas,
            autoscaling,
            machineType,
          });
          notes = changed.notes;
          return changed.body;
        },
        describe: ({ body, clusters, target: t }, next) => [
          ...notes,
          ...rolloutOf(clusters[0] ?? t.name, body, next),
        ],
      });
    },
  });
}
