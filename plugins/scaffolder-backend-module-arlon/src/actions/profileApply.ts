import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { InputError } from '@backstage/errors';
import { arlonProfileApplyPermission } from '@arlon-backstage/plugin-arlon-common';
import {
  decideOnDefinitions,
  ProfileAssignments,
} from '@arlon-backstage/plugin-arlon-node';
import { applyExamples, removeExamples } from './profileApply.examples';
import { asInputError } from './asInputError';
import type { ArlonActionsOptions } from './options';
import { namesOf } from './names';
import { templateWrite } from './templateWrite';
import { reportWrite, writeOutputs } from './outputs';
import type { ArlonTemplateAction } from './ArlonTemplateAction';

/**
 * `arlon:profile:apply` and `arlon:profile:remove`: profiles added to or
 * taken from many clusters (by name or label selector) in one commit. The
 * scaffolder's adapter of ProfileAssignments (arlon-node), as POST
 * /api/arlon/profiles/apply|remove is the REST one.
 *
 * @public
 */
export function createProfileApplyAction(
  options: ArlonActionsOptions,
  mode: 'apply' | 'remove' = 'apply',
): ArlonTemplateAction {
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
        profiles: z => z.array(z.string()).min(1).describe('Profiles'),
        clusters: z =>
          z.array(z.string()).optional().describe('Clusters by name, or…'),
        selector: z =>
          z
            .string()
            .optional()
            .describe(
              '…a label selector over cluster labels, e.g. env=prod,tier in (web)',
            ),
      },
      output: {
        ...outputs,
        clusters: z => z.array(z.string()).describe('The clusters it changed'),
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
      // The user who started the task, not the scaffolder: templates act with its permissions.
      const credentials = await ctx.getInitiatorCredentials();
      const decision = await decideOnDefinitions(
        options.permissions,
        arlonProfileApplyPermission,
        credentials,
      );
      const what = `${mode} profiles on these clusters`;
      decision.requireSome(what);
      const result = await asInputError(() =>
        new ProfileAssignments(options.definitions, options.defaultOwner)[mode](
          {
            profiles,
            selection: clusters?.length
              ? { clusters }
              : { selector: selector! },
            decision,
            sign: message => ({
              ...templateWrite(credentials, message),
              dryRun: ctx.isDryRun,
            }),
          },
        ),
      );
      // Before the commit preview's files: the clusters it changes.
      ctx.logger.info(`Clusters it changes: ${result.clusters.join(', ')}`);
      await reportWrite(ctx, result);
      ctx.output('clusters', result.clusters);
    },
  });
}
