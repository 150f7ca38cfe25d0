import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { InputError } from '@backstage/errors';
import {
  arlonClusterCreatePermission,
  entityRef,
} from '@arlon-backstage/plugin-arlon-common';
import { authorize, ClusterImports } from '@arlon-backstage/plugin-arlon-node';
import { examples } from './clusterImport.examples';
import { asInputError } from './asInputError';
import type { ArlonActionsOptions } from './options';
import { namesOf } from './names';
import { templateWrite } from './templateWrite';
import { reportWrite, writeOutputs } from './outputs';
import type { ArlonTemplateAction } from './ArlonTemplateAction';

/**
 * `arlon:cluster:import`: an existing cluster (from a kubeconfig, used once
 * and never stored or logged; or one ArgoCD already knows) registered in
 * ArgoCD with its profiles' labels, and its definition committed. The
 * definition is checked before anything is registered. The scaffolder's
 * adapter of ClusterImports (arlon-node), as POST /api/arlon/clusters/import
 * is the REST one.
 *
 * @public
 */
export function createClusterImportAction(
  options: ArlonActionsOptions,
): ArlonTemplateAction {
  return createTemplateAction({
    id: 'arlon:cluster:import',
    description:
      'Imports an existing cluster: registers it in ArgoCD with its profiles and writes its definition as one commit',
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        name: z =>
          z.string().describe('The name the cluster gets in the fleet'),
        kubeconfig: z =>
          z
            .string()
            .optional()
            .describe(
              "A kubeconfig for the cluster; pass it as a secret (${{ secrets.kubeconfig }}): it is used once to create ArgoCD's service account and never stored",
            ),
        argocdCluster: z =>
          z
            .string()
            .optional()
            .describe('Or: a cluster ArgoCD already knows, by name'),
        profiles: z => z.array(z.string()).default([]),
        managementCluster: z =>
          z
            .string()
            .optional()
            .describe(
              'Which management cluster (default: the first configured)',
            ),
      },
      output: writeOutputs,
    },
    async handler(ctx) {
      const { name, kubeconfig, argocdCluster, managementCluster } = ctx.input;
      const profiles = namesOf('Profile', ctx.input.profiles) ?? [];
      if (!kubeconfig === !argocdCluster)
        throw new InputError(
          'Give either "kubeconfig" (YAML text, as a secret) or "argocdCluster" (a cluster ArgoCD already knows)',
        );
      const credentials = await ctx.getInitiatorCredentials();
      await authorize(
        options.permissions,
        arlonClusterCreatePermission,
        credentials,
        'import clusters',
      );
      const imports = new ClusterImports(
        options.definitions,
        options.managementClusters,
      );
      const request = {
        name,
        profiles,
        kubeconfig,
        argocdCluster,
        managementCluster,
      };
      ctx.output('entityRef', entityRef('Cluster', name));
      if (ctx.isDryRun) {
        // Checked, looked up and read as data; nothing registered or committed.
        const preview = await asInputError(() => imports.preview(request));
        ctx.logger.info(
          `Dry run: would register ${name}${
            preview.server ? ` (${preview.server})` : ''
          } in ArgoCD on ${
            preview.managementCluster
          } and write arlon/clusters/${name}.yaml`,
        );
        for (const f of preview.files) ctx.logger.info(f);
        ctx.output('files', preview.files);
        return;
      }
      // Checked, registered, committed; taken back if the commit fails.
      const result = await asInputError(() =>
        imports.import({
          ...request,
          sign: message => templateWrite(credentials, message),
          onRegistered: (server, management) =>
            ctx.logger.info(
              `Registered ${name} (${server}) in ArgoCD on ${management.name}`,
            ),
        }),
      );
      await reportWrite(ctx, result);
    },
  });
}
