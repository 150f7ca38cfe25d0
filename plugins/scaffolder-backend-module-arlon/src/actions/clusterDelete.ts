import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { InputError, ServiceUnavailableError } from '@backstage/errors';
import { entityRef } from '@arlon-backstage/plugin-arlon-common';
import {
  deleteCluster,
  planClusterRemoval,
  type ClusterRemovalPlan,
  type ClusterRemovalRequest,
} from '@arlon-backstage/plugin-arlon-node';
import { describeCascade } from '../day2/deletionCascade';
import { definitionNameInput } from '../day2/specTargetInput';
import { examples } from './clusterDelete.examples';
import type { ArlonActionsOptions } from './options';
import { clusterRemovalRequest } from './clusterRemovalRequest';
import { writeOutputs } from './outputs';
import type { ArlonTemplateAction } from './ArlonTemplateAction';

/**
 * `arlon:cluster:delete`: the scaffolder's adapter of deleteCluster
 * (arlon-node), as DELETE /api/arlon/clusters/:name is the REST one:
 * permission arlon.cluster.delete on the cluster (its owner, on the head)
 * before anything is removed; then, in order, its bundles, the commit that
 * deletes its definition (and so its Cluster API objects), and its ArgoCD
 * registration. The log shows that cascade first, on a dry run too. An
 * external cluster is refused: that is arlon:cluster:unregister.
 *
 * @public
 */
export function createClusterDeleteAction(
  options: ArlonActionsOptions,
): ArlonTemplateAction {
  return createTemplateAction({
    id: 'arlon:cluster:delete',
    description:
      'Deletes a cluster Cluster API built, in order: its bundles, then its definition (and so its Cluster API objects) as one commit, then its ArgoCD registration',
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        name: z => z.string().describe('The cluster, by name or entity ref'),
        confirm: z =>
          z
            .string()
            .describe("The cluster's name again: deletion is not undone"),
      },
      output: {
        ...writeOutputs,
        bundleApplications: z =>
          z.array(z.string()).describe('The bundle Applications removed first'),
        clusterObjects: z =>
          z
            .array(z.string())
            .describe('The Cluster API objects removed with the commit'),
      },
    },
    async handler(ctx) {
      const { confirm } = ctx.input;
      const name = definitionNameInput('Cluster', 'name', ctx.input.name);
      if (confirm !== name)
        throw new InputError(
          `"confirm" must repeat the cluster's name, "${name}", to delete it: deleting a cluster is not undone`,
        );
      const credentials = await ctx.getInitiatorCredentials();
      const request = await clusterRemovalRequest(
        options,
        credentials,
        name,
        'delete',
      );
      ctx.output('entityRef', entityRef('Cluster', name));
      const plan = await planFor(ctx, request);
      if (plan.external)
        throw new InputError(
          `Cluster "${name}" is external (spec.external): Arlon did not build it and does not delete it; unregister it instead (arlon:cluster:unregister), which removes its bundles and ArgoCD's access and deletes its definition`,
        );
      for (const line of describeCascade(plan)) ctx.logger.info(line);
      ctx.output('bundleApplications', plan.bundleApplications);
      ctx.output(
        'clusterObjects',
        plan.clusterObjects.map(o => `${o.kind} ${o.name}`),
      );
      const files = (result: {
        files: Array<{ action: string; path: string }>;
      }) => result.files.map(f => `${f.action} ${f.path}`);
      if (ctx.isDryRun) {
        for (const f of files(plan)) ctx.logger.info(f);
        ctx.output('files', files(plan));
        return;
      }
      const result = await deleteCluster(request);
      for (const f of files(result)) ctx.logger.info(f);
      ctx.output('files', files(result));
      if (result.commit) ctx.output('commit', result.commit);
      if (result.pullRequest)
        ctx.output('pullRequestUrl', result.pullRequest.url);
    },
  });
}

/**
 * What the deletion removes. A dry run whose management cluster does not
 * answer still shows what Git says (its Cluster API objects and the
 * commit) and says what it could not read; the deletion itself refuses
 * until it answers (deleteCluster), so nothing is removed out of order.
 */
async function planFor(
  ctx: { isDryRun?: boolean; logger: { warn(message: string): void } },
  request: ClusterRemovalRequest,
): Promise<ClusterRemovalPlan> {
  try {
    return await planClusterRemoval(request);
  } catch (error) {
    if (!ctx.isDryRun || !(error instanceof ServiceUnavailableError))
      throw error;
    ctx.logger.warn(
      `${error.message}. Shown without its bundle Applications and ArgoCD registration; the deletion itself waits until the management cluster answers`,
    );
    return planClusterRemoval({ ...request, managementClusters: [] });
  }
}
