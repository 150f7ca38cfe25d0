import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import {
  checkDefinitionName,
  entityRef,
} from '@arlon-backstage/plugin-arlon-common';
import {
  ClusterImports,
  planClusterRemoval,
} from '@arlon-backstage/plugin-arlon-node';
import type { ArlonActionsOptions } from './options';
import { clusterRemovalRequest } from './clusterRemovalRequest';
import { writeOutputs } from './outputs';
import type { ArlonTemplateAction } from './ArlonTemplateAction';

/**
 * `arlon:cluster:unregister`: the scaffolder's adapter of
 * ClusterImports.unregister (arlon-node), as POST /api/arlon/clusters/:name/unregister is the REST
 * one: permission arlon.cluster.delete on the cluster (its owner, on the
 * head) before anything is removed; then its bundles, ArgoCD's account in
 * it, its ArgoCD Secret and its definition, in that order. A built cluster
 * is refused: that is a deletion.
 *
 * @public
 */
export function createClusterUnregisterAction(
  options: ArlonActionsOptions,
): ArlonTemplateAction {
  return createTemplateAction({
    id: 'arlon:cluster:unregister',
    description:
      "Unregisters an external cluster: removes its bundles, ArgoCD's account in it and its ArgoCD Secret, then deletes its definition as one commit",
    supportsDryRun: true,
    schema: {
      input: {
        name: z =>
          z.string().describe('The external cluster, by its name in the fleet'),
        kubeconfig: z =>
          z
            .string()
            .optional()
            .describe(
              "Optional: an admin kubeconfig of the cluster (pass it as a secret), used once to remove all of ArgoCD's account there; without it ArgoCD's own token removes what it can",
            ),
      },
      output: {
        ...writeOutputs,
        revoked: z =>
          z
            .array(z.string())
            .optional()
            .describe('What was removed from the workload cluster'),
        left: z =>
          z
            .array(z.string())
            .optional()
            .describe('What Arlon made there and could not remove'),
      },
    },
    async handler(ctx) {
      const { name, kubeconfig } = ctx.input;
      checkDefinitionName(name, 'name');
      const credentials = await ctx.getInitiatorCredentials();
      const request = await clusterRemovalRequest(
        options,
        credentials,
        name,
        'unregister',
      );
      ctx.output('entityRef', entityRef('Cluster', name));
      if (ctx.isDryRun) {
        const plan = await planClusterRemoval(request);
        ctx.logger.info(
          `Dry run: would remove bundle Applications ${
            plan.bundleApplications.join(', ') || '(none)'
          }, ${
            plan.registration
              ? `ArgoCD's account and Secret ${plan.registration.secret}`
              : 'no ArgoCD registration'
          }, and commit:`,
        );
        const files = plan.files.map(f => `${f.action} ${f.path}`);
        for (const f of files) ctx.logger.info(f);
        ctx.output('files', files);
        return;
      }
      const result = await new ClusterImports(
        options.definitions,
        options.managementClusters,
      ).unregister({ ...request, kubeconfig });
      const files = result.files.map(f => `${f.action} ${f.path}`);
      for (const f of files) ctx.logger.info(f);
      for (const r of result.revoked) ctx.logger.info(`removed ${r}`);
      for (const l of result.left)
        ctx.logger.warn(
          `could not remove ${l}; remove it as the cluster's admin`,
        );
      ctx.output('files', files);
      ctx.output('revoked', result.revoked);
      ctx.output('left', result.left);
      if (result.commit) ctx.output('commit', result.commit);
      if (result.pullRequest)
        ctx.output('pullRequestUrl', result.pullRequest.url);
    },
  });
}
