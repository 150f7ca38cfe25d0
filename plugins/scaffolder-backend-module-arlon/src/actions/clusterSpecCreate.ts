import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import {
  ARLON_API_VERSION,
  arlonDefinitionCreatePermission,
  ClusterSpec,
} from '@arlon-backstage/plugin-arlon-common';
import { examples } from './clusterSpecCreate.examples';
import {
  ArlonActionsOptions,
  createOnce,
  definition,
  outputEntityRef,
  writeFleet,
  writeOutputs,
} from './fleetWrite';
import { metadataInputs, metadataOf } from './metadata';

/** The cluster spec fields a template asks for; which ones a provider needs is checked by validation. */
export const clusterSpecInputs = {
  provider: (z: any) =>
    z
      .string()
      .describe(
        'Provider from the catalog, e.g. aws, azure, docker (see `arlon providers`)',
      ),
  type: (z: any) =>
    z.string().describe("The provider's cluster type, e.g. kubeadm, eks, aks"),
  kubernetesVersion: (z: any) => z.string().describe('e.g. v1.30.0'),
  region: (z: any) => z.string().optional(),
  sshKeyName: (z: any) => z.string().optional(),
  providerSpec: (z: any) =>
    z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        "Settings only the provider has, under its id, e.g. { gcp: { project: acme } } (checked by validation against the provider's fields)",
      ),
  controlPlane: (z: any) =>
    z
      .object({
        replicas: z.number().int().optional(),
        machineType: z.string().optional(),
      })
      .optional(),
  nodePools: (z: any) =>
    z
      .array(
        z.object({
          name: z.string(),
          machineType: z.string().optional(),
          replicas: z.number().int(),
          autoscaling: z
            .object({ min: z.number().int(), max: z.number().int() })
            .optional(),
        }),
      )
      .describe('Worker node pools'),
  network: (z: any) =>
    z
      .object({
        vpcId: z.string().optional(),
        podCidrs: z.array(z.string()).optional(),
        serviceCidrs: z.array(z.string()).optional(),
      })
      .optional(),
  updatePolicy: (z: any) => z.enum(['auto', 'manual']).optional(),
};

/** `arlon:clusterspec:create`: a new cluster spec, validated against the provider catalog. */
export function createClusterSpecCreateAction(options: ArlonActionsOptions) {
  return createTemplateAction({
    id: 'arlon:clusterspec:create',
    description:
      'Writes a new Arlon cluster spec (provider, type, Kubernetes version, node pools) to the fleet repository as one commit',
    examples,
    supportsDryRun: true,
    schema: {
      input: { ...metadataInputs, ...clusterSpecInputs },
      output: writeOutputs,
    },
    async handler(ctx) {
      const { name, owner, labels, description, ...spec } = ctx.input;
      const clusterSpec = definition<ClusterSpec>({
        apiVersion: ARLON_API_VERSION,
        kind: 'ClusterSpec',
        metadata: metadataOf({ name, owner, labels }),
        spec: { description, ...spec } as ClusterSpec['spec'],
      });
      await writeFleet(ctx, options, {
        permission: arlonDefinitionCreatePermission,
        what: 'write cluster specs',
        message: `Create ClusterSpec ${name} (${spec.provider} ${spec.type} ${spec.kubernetesVersion})`,
        edits: files => createOnce(files, clusterSpec),
      });
      outputEntityRef(ctx, clusterSpec);
    },
  });
}
