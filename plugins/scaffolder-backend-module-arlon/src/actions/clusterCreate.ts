import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import {
  ARLON_API_VERSION,
  type ArlonObject,
  Cluster,
  ClusterSpec,
} from '@arlon-backstage/plugin-arlon-common';
import { isDeepStrictEqual } from 'node:util';
import { examples } from './clusterCreate.examples';
import { definition, existing } from './definitions';
import { metadataInputs, metadataOf } from './metadata';
import { nameOf, namesOf } from './names';
import type { ArlonActionsOptions } from './options';
import { writeOutputs } from './outputs';
import type { ArlonTemplateAction } from './ArlonTemplateAction';
import type { ScaffolderZod } from './schema';
import { createDefinition } from './writeFleet';

const valuesInput = (z: ScaffolderZod) =>
  z
    .record(z.record(z.union([z.string(), z.number(), z.boolean()])))
    .optional()
    .describe(
      'Value overrides per bundle: { <bundle>: { <parameter>: value } }',
    );

/**
 * `arlon:cluster:create`: a cluster from a cluster spec and profiles, linked
 * (follows its spec) or cloned (keeps a frozen copy of the spec as it is at
 * the head the commit lands on).
 *
 * @public
 */
export function createClusterCreateAction(
  options: ArlonActionsOptions,
): ArlonTemplateAction {
  return createTemplateAction({
    id: 'arlon:cluster:create',
    description:
      'Writes a new Arlon cluster (spec + profiles, linked or cloned) to the fleet repository as one commit; Cluster API builds it and ArgoCD registers it',
    examples,
    supportsDryRun: true,
    schema: {
      input: {
        ...metadataInputs,
        clusterSpec: (z: ScaffolderZod) =>
          z.string().describe('The cluster spec it is built from'),
        profiles: (z: ScaffolderZod) =>
          z.array(z.string()).default([]).describe('Profiles it runs'),
        mode: (z: ScaffolderZod) =>
          z
            .enum(['linked', 'cloned'])
            .default('linked')
            .describe(
              'linked: follows changes to its spec; cloned: keeps a copy of the spec as it is now',
            ),
        values: valuesInput,
        updatePolicy: (z: ScaffolderZod) =>
          z
            .enum(['auto', 'manual'])
            .optional()
            .describe('manual: profile and spec changes wait for an Update'),
      },
      output: writeOutputs,
    },
    async handler(ctx) {
      const input = {
        ...ctx.input,
        clusterSpec: nameOf('ClusterSpec', ctx.input.clusterSpec),
        profiles: namesOf('Profile', ctx.input.profiles) ?? [],
      };
      await createDefinition(ctx, options, {
        kind: 'Cluster',
        what: 'create clusters',
        message: `Create Cluster ${input.name} from ClusterSpec ${input.clusterSpec}`,
        plan: (files, commit) => {
          const clonedFrom =
            input.mode === 'cloned'
              ? {
                  revision: commit,
                  spec: existing<ClusterSpec>(
                    files,
                    'ClusterSpec',
                    input.clusterSpec,
                  ).spec,
                }
              : undefined;
          const cluster = definition<Cluster>({
            apiVersion: ARLON_API_VERSION,
            kind: 'Cluster',
            metadata: metadataOf(input),
            spec: {
              description: input.description,
              clusterSpec: input.clusterSpec,
              ...(input.mode === 'cloned'
                ? { mode: 'cloned', clonedFrom }
                : {}),
              profiles: input.profiles,
              values: input.values,
              updatePolicy: input.updatePolicy,
            },
          });
          return { definition: cluster, same: sameClusterIgnoringRevision };
        },
      });
    },
  });
}

/** A cloned cluster run again is the same cluster though the head (its clonedFrom.revision) moved. */
export function sameClusterIgnoringRevision(
  a: ArlonObject,
  b: ArlonObject,
): boolean {
  const strip = (c: ArlonObject) => {
    const spec = (c as Partial<Cluster>).spec;
    return spec?.clonedFrom
      ? {
          ...c,
          spec: { ...spec, clonedFrom: { ...spec.clonedFrom, revision: '' } },
        }
      : c;
  };
  return isDeepStrictEqual(strip(a), strip(b));
}
