import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import {
  ARLON_API_VERSION,
  arlonDefinitionCreatePermission,
  Profile,
} from '@arlon-backstage/plugin-arlon-common';
import { examples } from './profileCreate.examples';
import {
  ArlonActionsOptions,
  createOnce,
  definition,
  namesOf,
  outputEntityRef,
  writeFleet,
  writeOutputs,
} from './fleetWrite';
import { metadataInputs, metadataOf } from './metadata';

/**
 * `arlon:profile:create`: a profile of bundles, with values and an update policy.
 *
 * @public
 */
export function createProfileCreateAction(options: ArlonActionsOptions) {
  return createTemplateAction({
    id: 'arlon:profile:create',
    description:
      'Writes a new Arlon profile (bundles, their values, update policy) to the fleet repository as one commit',
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        ...metadataInputs,
        tags: (z: any) => z.array(z.string()).optional(),
        bundles: (z: any) => z.array(z.string()).describe('Bundles, in order'),
        values: (z: any) =>
          z
            .record(z.record(z.union([z.string(), z.number(), z.boolean()])))
            .optional()
            .describe(
              'Values per bundle: { <bundle>: { <parameter>: value } }',
            ),
        updatePolicy: (z: any) =>
          z
            .enum(['auto', 'manual'])
            .optional()
            .describe('manual: clusters show "behind" until updated'),
      },
      output: writeOutputs,
    },
    async handler(ctx) {
      const input = {
        ...ctx.input,
        bundles: namesOf('Bundle', ctx.input.bundles) ?? [],
      };
      const profile = definition<Profile>({
        apiVersion: ARLON_API_VERSION,
        kind: 'Profile',
        metadata: metadataOf(input),
        spec: {
          description: input.description,
          tags: input.tags,
          bundles: input.bundles,
          values: input.values,
          updatePolicy: input.updatePolicy,
        },
      });
      await writeFleet(ctx, options, {
        permission: arlonDefinitionCreatePermission,
        what: 'write profiles',
        message: `Create Profile ${input.name} (${input.bundles.join(', ')})`,
        edits: files => createOnce(files, profile),
      });
      outputEntityRef(ctx, profile);
    },
  });
}
