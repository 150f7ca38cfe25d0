import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { InputError } from '@backstage/errors';
import {
  arlonClusterCreatePermission,
  entityRef,
  type FleetEdit,
  type FleetFiles,
  WITHHELD_SECRET,
} from '@arlon-backstage/plugin-arlon-common';
import {
  adoptableArgoCdCluster,
  authorize,
  checkImportKubeconfig,
  importCluster,
  importEdits,
} from '@arlon-backstage/plugin-arlon-node';
import { examples } from './clusterImport.examples';
import {
  ArlonActionsOptions,
  namesOf,
  writeFleet,
  writeOutputs,
} from './fleetWrite';

/**
 * `arlon:cluster:import`: an existing cluster (from a kubeconfig, used once
 * and never stored or logged; or one ArgoCD already knows) registered in
 * ArgoCD with its profiles' labels, and its definition committed. The
 * definition is checked before anything is registered.
 *
 * @public
 */
export function createClusterImportAction(options: ArlonActionsOptions) {
  return createTemplateAction({
    id: 'arlon:cluster:import',
    description:
      'Imports an existing cluster: registers it in ArgoCD with its profiles and writes its definition as one commit',
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        name: (z: any) =>
          z.string().describe('The name the cluster gets in the fleet'),
        kubeconfig: (z: any) =>
          z
            .string()
            .optional()
            .describe(
              "A kubeconfig for the cluster; pass it as a secret (${{ secrets.kubeconfig }}): it is used once to create ArgoCD's service account and never stored",
            ),
        argocdCluster: (z: any) =>
          z
            .string()
            .optional()
            .describe('Or: a cluster ArgoCD already knows, by name'),
        profiles: (z: any) => z.array(z.string()).default([]),
        managementCluster: (z: any) =>
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
      const check = (edits: (files: FleetFiles) => FleetEdit[]) =>
        options.definitions.check({}, edits);
      const management = options.managementClusters.get(
        managementCluster ?? options.managementClusters.list()[0]?.name,
      );
      ctx.output('entityRef', entityRef('Cluster', name));
      if (ctx.isDryRun) {
        // The definition first, with a placeholder server: a bad name or
        // profile, or a name already taken (import is create-only) is refused.
        await check(files =>
          importEdits(files, name, 'https://pending.invalid', profiles),
        );
        // Read only; the kubeconfig is read as data and its server's address
        // checked, but not used: it is used once, by the real run. A commit
        // preview withholds it, so there is nothing to check yet.
        let server: string | undefined;
        if (argocdCluster)
          ({ server } = await adoptableArgoCdCluster(
            management,
            argocdCluster,
            name,
          ));
        else if (kubeconfig !== WITHHELD_SECRET)
          server = await checkImportKubeconfig(management, kubeconfig!);
        ctx.logger.info(
          `Dry run: would register ${name}${
            server ? ` (${server})` : ''
          } in ArgoCD on ${
            management.name
          } and write arlon/clusters/${name}.yaml`,
        );
        ctx.logger.info(`create arlon/clusters/${name}.yaml`);
        ctx.output('files', [`create arlon/clusters/${name}.yaml`]);
        return;
      }
      // importCluster: checked, registered, committed; taken back if the commit fails.
      await importCluster({
        management,
        request: { name, profiles, kubeconfig, argocdCluster },
        check,
        commit: (server, edits) => {
          ctx.logger.info(
            `Registered ${name} (${server}) in ArgoCD on ${management.name}`,
          );
          return writeFleet(ctx, options, {
            permission: arlonClusterCreatePermission,
            what: 'import clusters',
            message: `Import Cluster ${name} (${server})`,
            edits,
          });
        },
      });
    },
  });
}
