import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import {
  ARLON_API_VERSION,
  ClusterSpec,
} from '@arlon-backstage/plugin-arlon-common';
import { examples } from './clusterSpecCreate.examples';
import { definition } from './definitions';
import { metadataInputs, metadataOf } from './metadata';
import type { ArlonActionsOptions } from './options';
import { writeOutputs } from './outputs';
import type { ArlonTemplateAction } from './ArlonTemplateAction';
import type { ScaffolderZod } from './schema';
import { createDefinition } from './writeFleet';

/** The cluster spec fields a template asks for; which ones a provider needs is checked by validation. */
export const clusterSpecInputs = {
  provider: (z: ScaffolderZod) =>
    z
      .string()
      .describe(
        'Provider from the catalog, e.g. aws, azure, docker (see `arlon providers`)',
      ),
  type: (z: ScaffolderZod) =>
    z.string().describe("The provider's cluster type, e.g. kubeadm, eks, aks"),
  kubernetesVersion: (z: ScaffolderZod) => z.string().describe('e.g. v1.30.0'),
  region: (z: ScaffolderZod) => z.string().optional(),
  sshKeyName: (z: ScaffolderZod) => z.string().optional(),
  providerSpec: (z: ScaffolderZod) =>
    z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        "Settings only the provider has, under its id, e.g. { gcp: { project: acme } } (checked by validation against the provider's fields)",
      ),
  controlPlane: (z: ScaffolderZod) =>
    z
      .object({
        replicas: z.number().int().optional(),
        machineType: z.string().optional(),
      })
      .optional(),
  nodePools: (z: ScaffolderZod) =>
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
  network: (z: ScaffolderZod) =>
    z
      .object({
        vpcId: z.string().optional(),
        podCidrs: z.array(z.string()).optional(),
        serviceCidrs: z.array(z.string()).optional(),
      })
      .optional(),
  updatePolicy: (z: ScaffolderZod) => z.enum(['auto', 'manual']).optional(),
};

/**
 * `arlon:clusterspec:create`: a new cluster spec, validated against the provider catalog.
 *
 * @public
 */
export function createClusterSpecCreateAction(
  options: ArlonActionsOptions,
): ArlonTemplateAction {
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
      await createDefinition(ctx, options, {
        kind: 'ClusterSpec',
        what: 'write cluster specs',
        message: `Create ClusterSpec ${name} (${spec.provider} ${spec.type} ${spec.kubernetesVersion})`,
        plan: () => ({ definition: clusterSpec }),
      });
    },
  });
}
