import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import {
  ARLON_API_VERSION,
  Profile,
} from '@arlon-backstage/plugin-arlon-common';
import { examples } from './profileCreate.examples';
import { definition } from './definitions';
import { metadataInputs, metadataOf } from './metadata';
import { namesOf } from './names';
import type { ArlonActionsOptions } from './options';
import { writeOutputs } from './outputs';
import type { ArlonTemplateAction } from './ArlonTemplateAction';
import type { ScaffolderZod } from './schema';
import { createDefinition } from './writeFleet';

/**
 * `arlon:profile:create`: a profile of bundles, with values and an update policy.
 *
 * @public
 */
export function createProfileCreateAction(
  options: ArlonActionsOptions,
): ArlonTemplateAction {
  return createTemplateAction({
    id: 'arlon:profile:create',
    description:
      'Writes a new Arlon profile (bundles, their values, update policy) to the fleet repository as one commit',
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        ...metadataInputs,
        tags: (z: ScaffolderZod) => z.array(z.string()).optional(),
        bundles: (z: ScaffolderZod) =>
          z.array(z.string()).describe('Bundles, in order'),
        values: (z: ScaffolderZod) =>
          z
            .record(z.record(z.union([z.string(), z.number(), z.boolean()])))
            .optional()
            .describe(
              'Values per bundle: { <bundle>: { <parameter>: value } }',
            ),
        updatePolicy: (z: ScaffolderZod) =>
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
      await createDefinition(ctx, options, {
        kind: 'Profile',
        what: 'write profiles',
        message: `Create Profile ${input.name} (${input.bundles.join(', ')})`,
        plan: () => ({ definition: profile }),
      });
    },
  });
}
