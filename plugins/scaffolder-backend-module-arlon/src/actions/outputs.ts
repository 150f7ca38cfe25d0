import {
  type ArlonObject,
  entityRef,
} from '@arlon-backstage/plugin-arlon-common';
import type { FleetChangeResult } from '@arlon-backstage/plugin-arlon-node';
import type { ActionContext } from '@backstage/plugin-scaffolder-node';
import type { ScaffolderZod } from './schema';
import { showInWorkspace } from './showInWorkspace';

/** The outputs of every action that writes to the fleet repository. */
export const writeOutputs = {
  entityRef: (z: ScaffolderZod) =>
    z.string().describe('The catalog entity of the definition written'),
  commit: (z: ScaffolderZod) =>
    z
      .string()
      .optional()
      .describe(
        'The commit that holds the change; absent on a dry run or when nothing changed',
      ),
  pullRequestUrl: (z: ScaffolderZod) =>
    z
      .string()
      .optional()
      .describe('With writeMode pullRequest: the pull request to review'),
  files: (z: ScaffolderZod) =>
    z.array(z.string()).describe('Files the change writes, as "action path"'),
};

/** Any action's context: what the write outputs need of it. */
export type WriteContext = ActionContext<any, any>;

/**
 * What a write did, in the task's log and outputs: the files as "action
 * path", the commit or pull request; on a dry run the definitions it would
 * write go into the workspace for the commit preview.
 */
export async function reportWrite(
  ctx: WriteContext,
  result: FleetChangeResult,
): Promise<void> {
  const files = result.files.map(f => `${f.action} ${f.path}`);
  if (!files.length)
    ctx.logger.info(
      'The fleet repository already says this: nothing to commit',
    );
  for (const f of files) ctx.logger.info(f);
  if (ctx.isDryRun) await showInWorkspace(ctx.workspacePath, result.files);
  if (result.commit) ctx.logger.info(`Committed ${result.commit}`);
  ctx.output('files', files);
  if (result.commit) ctx.output('commit', result.commit);
  if (result.pullRequest) ctx.output('pullRequestUrl', result.pullRequest.url);
}

export const outputEntityRef = (
  ctx: WriteContext,
  object: Pick<ArlonObject, 'kind' | 'metadata'>,
) => ctx.output('entityRef', entityRef(object.kind, object.metadata.name));
