import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { InputError } from '@backstage/errors';
import {
  arlonProfileApplyPermission,
  arlonResourceOfView,
  definitionViews,
} from '@arlon-backstage/plugin-arlon-common';
import { assignProfiles } from '@arlon-backstage/plugin-arlon-node';
import { applyExamples, removeExamples } from './profileApply.examples';
import {
  ArlonActionsOptions,
  namesOf,
  writeFleet,
  writeOutputs,
} from './fleetWrite';

/**
 * `arlon:profile:apply` and `arlon:profile:remove`: profiles added to or
 * taken from many clusters (by name or label selector) in one commit.
 *
 * @public
 */
export function createProfileApplyAction(
  options: ArlonActionsOptions,
  mode: 'apply' | 'remove' = 'apply',
) {
  const { entityRef: _unused, ...outputs } = writeOutputs;
  return createTemplateAction({
    id: `arlon:profile:${mode}`,
    description:
      mode === 'apply'
        ? 'Applies profiles to many clusters (by name or label selector) in one commit'
        : 'Removes profiles from many clusters (by name or label selector) in one commit',
    examples: mode === 'apply' ? applyExamples : removeExamples,
    supportsDryRun: true,
    schema: {
      input: {
        profiles: (z: any) => z.array(z.string()).min(1).describe('Profiles'),
        clusters: (z: any) =>
          z.array(z.string()).optional().describe('Clusters by name, or…'),
        selector: (z: any) =>
          z
            .string()
            .optional()
            .describe(
              '…a label selector over cluster labels, e.g. env=prod,tier in (web)',
            ),
      },
      output: {
        ...outputs,
        clusters: (z: any) =>
          z.array(z.string()).describe('The clusters it changed'),
      },
    },
    async handler(ctx) {
      const { selector } = ctx.input;
      const profiles = namesOf('Profile', ctx.input.profiles) ?? [];
      const clusters = namesOf('Cluster', ctx.input.clusters);
      if (!clusters?.length === !selector)
        throw new InputError(
          'Name the clusters either by "clusters" (a list of names) or by "selector" (a label selector such as env=prod), not both',
        );
      let targets: string[] = [];
      await writeFleet(ctx, options, {
        permission: arlonProfileApplyPermission,
        what: `${mode} profiles on these clusters`,
        // Checked on each cluster it changes: owners may change their own.
        on: files =>
          definitionViews(files)
            .filter(v => v.kind === 'Cluster' && targets.includes(v.name))
            .map(v => arlonResourceOfView(v, options.defaultOwner)),
        message: `${mode === 'apply' ? 'Apply' : 'Remove'} profile${
          profiles.length > 1 ? 's' : ''
        } ${profiles.join(', ')} ${mode === 'apply' ? 'to' : 'from'} clusters`,
        edits: files => {
          const { edit, clusters: matched } = assignProfiles(
            files,
            mode,
            profiles,
            clusters?.length ? { clusters } : { selector: selector! },
          );
          targets = matched;
          return [edit];
        },
      });
      ctx.output('clusters', targets);
    },
  });
}
