import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { InputError } from '@backstage/errors';
import { BundleValues, Cluster } from '@arlon-backstage/plugin-arlon-common';
import { sameClusterIgnoringRevision } from './clusterCreate';
import { examples } from './clusterClone.examples';
import { definition, existing } from './definitions';
import { nameOf, namesOf } from './names';
import type { ArlonActionsOptions } from './options';
import { writeOutputs } from './outputs';
import type { ArlonTemplateAction } from './ArlonTemplateAction';
import type { ScaffolderZod } from './schema';
import { createDefinition } from './writeFleet';

/**
 * `arlon:cluster:clone`: a new cluster with an existing one's spec (or
 * frozen copy of it), profiles and values, with optional changes.
 *
 * @public
 */
export function createClusterCloneAction(
  options: ArlonActionsOptions,
): ArlonTemplateAction {
  return createTemplateAction({
    id: 'arlon:cluster:clone',
    description:
      'Writes a copy of an existing cluster under a new name (same spec, profiles and values, with optional changes) as one commit',
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        source: (z: ScaffolderZod) =>
          z.string().describe('The cluster to copy'),
        name: (z: ScaffolderZod) =>
          z.string().describe("The new cluster's name"),
        profiles: (z: ScaffolderZod) =>
          z
            .array(z.string())
            .optional()
            .describe("Replaces the source's profiles when given"),
        values: (z: ScaffolderZod) =>
          z
            .record(z.record(z.union([z.string(), z.number(), z.boolean()])))
            .optional()
            .describe("Merged over the source's values, per bundle"),
        labels: (z: ScaffolderZod) =>
          z
            .record(z.string())
            .optional()
            .describe("Replaces the source's labels when given"),
        description: (z: ScaffolderZod) => z.string().optional(),
      },
      output: writeOutputs,
    },
    async handler(ctx) {
      const input = {
        ...ctx.input,
        source: nameOf('Cluster', ctx.input.source),
        profiles: namesOf('Profile', ctx.input.profiles),
      };
      await createDefinition(ctx, options, {
        kind: 'Cluster',
        what: 'create clusters',
        message: `Clone Cluster ${input.source} as ${input.name}`,
        plan: files => {
          const source = existing<Cluster>(files, 'Cluster', input.source);
          if (source.spec.external)
            throw new InputError(
              `Cluster ${input.source} is imported (not built from a cluster spec), so there is nothing to clone; import the other cluster instead`,
            );
          const values: BundleValues = { ...source.spec.values };
          const overrides: BundleValues = input.values ?? {};
          for (const [bundle, changed] of Object.entries(overrides))
            values[bundle] = { ...values[bundle], ...changed };
          const clone = definition<Cluster>({
            ...source,
            metadata: {
              ...source.metadata,
              name: input.name,
              labels: input.labels ?? source.metadata.labels,
            },
            spec: {
              ...source.spec,
              description: input.description ?? source.spec.description,
              profiles: input.profiles ?? source.spec.profiles,
              values: Object.keys(values).length ? values : undefined,
            },
          });
          return { definition: clone, same: sameClusterIgnoringRevision };
        },
      });
    },
  });
}
