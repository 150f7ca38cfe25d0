import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { InputError } from '@backstage/errors';
import { kubernetesUpgradeProblem } from '../day2/kubernetesVersionPath';
import { changeSpecBody } from '../day2/specChange';
import { upgradeLines } from '../day2/upgradeLines';
import { specTargetOf } from '../day2/specTargetInput';
import { examples } from './clusterUpgrade.examples';
import type { ArlonActionsOptions } from './options';
import { writeOutputs } from './outputs';
import type { ArlonTemplateAction } from './ArlonTemplateAction';

/**
 * `arlon:cluster:upgrade`: a new Kubernetes version for a cluster spec (and
 * so for every cluster linked to it) or for a cloned cluster's own spec,
 * one minor version at a time and never back, as one commit. Cluster API
 * rolls the control plane, then the workers.
 *
 * @public
 */
export function createClusterUpgradeAction(
  options: ArlonActionsOptions,
): ArlonTemplateAction {
  return createTemplateAction({
    id: 'arlon:cluster:upgrade',
    description:
      'Upgrades the Kubernetes version of a cluster spec (and its linked clusters) or of a cloned cluster, one minor version at a time, as one commit',
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
        kubernetesVersion: z =>
          z.string().describe('The version to upgrade to, e.g. v1.31.2'),
      },
      output: {
        ...writeOutputs,
        clusters: z =>
          z.array(z.string()).describe('The clusters the upgrade reaches'),
        from: z => z.string().describe('The version before'),
      },
    },
    async handler(ctx) {
      const target = specTargetOf(ctx.input);
      const to: unknown = ctx.input.kubernetesVersion;
      if (typeof to !== 'string')
        throw new InputError(
          `"kubernetesVersion" must be a version such as v1.31.2, not ${
            Array.isArray(to) ? 'a list' : typeof to
          }`,
        );
      const resolved = await changeSpecBody(ctx, options, {
        target,
        what: `upgrade this ${target.kind}`,
        message: `Upgrade ${target.kind} ${target.name} to Kubernetes ${to}`,
        next: ({ body, file, field }) => {
          const problem = kubernetesUpgradeProblem(body.kubernetesVersion, to);
          if (problem)
            throw new InputError(
              `${file}: ${field}.kubernetesVersion: ${problem}`,
            );
          return { ...body, kubernetesVersion: to };
        },
        describe: (planned, next) => upgradeLines(planned, next, to),
      });
      ctx.output('from', resolved.body.kubernetesVersion);
    },
  });
}
