import fs from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  resolveSafeChildPath,
  type PermissionsService,
} from '@backstage/backend-plugin-api';
import { ConflictError, InputError } from '@backstage/errors';
import type {
  BasicPermission,
  ResourcePermission,
} from '@backstage/plugin-permission-common';
import {
  ArlonKind,
  ArlonObject,
  type ArlonResource,
  definitionNameOf,
  definitionViews,
  entityRef,
  FleetEdit,
  FleetFiles,
  formatProblems,
  GENERATED_ROOT,
} from '@arlon-backstage/plugin-arlon-common';
import {
  authorize,
  decideOnDefinitions,
  FleetChangeResult,
  FleetDefinitions,
  InvalidDefinitionError,
  ManagementClusters,
} from '@arlon-backstage/plugin-arlon-node';
import type { ActionContext } from '@backstage/plugin-scaffolder-node';
import { stringify } from 'yaml';

/**
 * What every Arlon action shares: the fleet's write path, permissions, the management clusters.
 *
 * @public
 */
export interface ArlonActionsOptions {
  definitions: FleetDefinitions;
  permissions: PermissionsService;
  managementClusters: ManagementClusters;
  /** Owner of definitions that name none (the catalog's `defaultOwner`): what owner checks see. */
  defaultOwner?: string;
}

/** The outputs of every action that writes to the fleet repository. */
export const writeOutputs = {
  entityRef: (z: any) =>
    z.string().describe('The catalog entity of the definition written'),
  commit: (z: any) =>
    z
      .string()
      .optional()
      .describe(
        'The commit that holds the change; absent on a dry run or when nothing changed',
      ),
  pullRequestUrl: (z: any) =>
    z
      .string()
      .optional()
      .describe('With writeMode pullRequest: the pull request to review'),
  files: (z: any) =>
    z.array(z.string()).describe('Files the change writes, as "action path"'),
};

type WriteContext = ActionContext<any, any>;

/** A template's commit: message and author name the user who started the task. */
export function templateWrite(
  credentials: { principal: unknown },
  message: string,
) {
  const principal = credentials.principal as { userEntityRef?: string };
  const user = principal.userEntityRef ?? 'a Backstage software template';
  return {
    message: `${message}\n\nRequested by ${user} through a Backstage software template.`,
    author: { name: user, email: 'arlon@backstage.invalid' },
  };
}

/**
 * One change to the fleet through the same path as the REST API: the
 * initiator's permission first (a denied one writes nothing), then edits
 * validated against the whole fleet, compiled, and committed as one commit
 * (or none: on a dry run, or when the fleet already says it).
 */
export async function writeFleet(
  ctx: WriteContext,
  options: ArlonActionsOptions,
  change: {
    permission: BasicPermission | ResourcePermission;
    /** For the denial: "You may not <what>". */
    what: string;
    /**
     * For a resource permission: the definitions it is checked on (their
     * owners), from the head the change is planned on, after its edits are planned.
     */
    on?: (files: FleetFiles) => ArlonResource[];
    message: string;
    edits: (files: FleetFiles, commit: string) => FleetEdit[];
  },
): Promise<FleetChangeResult> {
  // The user who started the task, not the scaffolder: templates act with its permissions.
  const credentials = await ctx.getInitiatorCredentials();
  let edits = change.edits;
  if (change.permission.type === 'resource') {
    const decision = await decideOnDefinitions(
      options.permissions,
      change.permission,
      credentials,
    );
    decision.requireSome(change.what);
    edits = (files, commit) => {
      const planned = change.edits(files, commit);
      decision.require(change.on?.(files) ?? [], change.what);
      return planned;
    };
  } else {
    await authorize(
      options.permissions,
      change.permission,
      credentials,
      change.what,
    );
  }
  let result: FleetChangeResult;
  try {
    result = await options.definitions.change(
      { ...templateWrite(credentials, change.message), dryRun: ctx.isDryRun },
      edits,
    );
  } catch (error) {
    if (error instanceof InvalidDefinitionError)
      throw new InputError(
        `The fleet repository would have problems; nothing was written:\n${formatProblems(
          error.problems,
        )}`,
      );
    throw error;
  }
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
  return result;
}

/**
 * On a dry run, the definitions the commit would write (not the generated
 * tree, which follows from them) go into the workspace: the scaffolder's dry
 * run returns its contents, which the commit preview shows.
 */
async function showInWorkspace(
  workspace: string,
  files: FleetChangeResult['files'],
) {
  for (const f of files) {
    if (f.content === undefined || f.path.startsWith(`${GENERATED_ROOT}/`))
      continue;
    const target = resolveSafeChildPath(workspace, f.path);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, f.content);
  }
}

/**
 * Writes a new definition. Running the same input again is not an error and
 * not a second commit: the definition is already there, identical. A
 * different definition under that name is a conflict.
 */
export function createOnce(
  files: FleetFiles,
  object: ArlonObject,
  /** Whether an existing definition counts as this one (default: deep equality). */
  same: (
    existing: ArlonObject,
    wanted: ArlonObject,
  ) => boolean = isDeepStrictEqual,
): FleetEdit[] {
  const { kind } = object;
  const { name } = object.metadata;
  const current = definitionViews(files).find(
    v => v.kind === kind && v.name === name,
  );
  if (!current) return [{ op: 'put', kind, name, yaml: stringify(object) }];
  if (same(current.definition, object)) return [];
  throw new ConflictError(
    `A ${kind} named "${name}" already exists (${current.file}) with different content; choose another name, or edit that file`,
  );
}

/**
 * The definition as written: fields left undefined or empty are left out
 * (a template renders an unanswered optional field as "").
 */
export function definition<T extends ArlonObject>(object: T): T {
  return JSON.parse(
    JSON.stringify(object, (_key, value) => (value === '' ? undefined : value)),
  );
}

/** Reads an existing definition of the head, or says it is not there. */
export function existing<T extends ArlonObject>(
  files: FleetFiles,
  kind: T['kind'],
  name: string,
): T {
  const view = definitionViews(files).find(
    v => v.kind === kind && v.name === name,
  );
  if (!view)
    throw new InputError(
      `There is no ${kind} named "${name}" in the fleet repository`,
    );
  return view.definition as T;
}

export const outputEntityRef = (
  ctx: WriteContext,
  object: Pick<ArlonObject, 'kind' | 'metadata'>,
) => ctx.output('entityRef', entityRef(object.kind, object.metadata.name));

/** Definition names from names or entity refs (what entity pickers give), as an input error when wrong. */
export function nameOf(kind: ArlonKind, value: string): string {
  try {
    return definitionNameOf(kind, value);
  } catch (error) {
    throw new InputError((error as Error).message);
  }
}

export const namesOf = (kind: ArlonKind, values: string[] | undefined) =>
  values?.map(v => nameOf(kind, v));
