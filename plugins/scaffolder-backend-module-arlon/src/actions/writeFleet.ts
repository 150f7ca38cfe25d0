import type {
  BasicPermission,
  ResourcePermission,
} from '@backstage/plugin-permission-common';
import {
  type ArlonKind,
  type ArlonObject,
  type ArlonResource,
  arlonResourceOfView,
  definitionViews,
  FleetEdit,
  FleetFiles,
} from '@arlon-backstage/plugin-arlon-common';
import {
  authorize,
  createPermissionFor,
  decideOnDefinitions,
  type DefinitionDecision,
  DefinitionToCreate,
  DefinitionWrites,
  FleetChangeResult,
  resourcePermissionFor,
} from '@arlon-backstage/plugin-arlon-node';
import { asInputError } from './asInputError';
import type { ArlonActionsOptions } from './options';
import { outputEntityRef, reportWrite, type WriteContext } from './outputs';
import { templateWrite } from './templateWrite';

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
     * owners), from the head the change is planned on, before its edits are
     * planned: planning reads the definitions, and its refusals (a version
     * skipped, a pool not found) would tell a user who may not change them
     * what they hold.
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
      decision.require(change.on?.(files) ?? [], change.what);
      return change.edits(files, commit);
    };
  } else {
    await authorize(
      options.permissions,
      change.permission,
      credentials,
      change.what,
    );
  }
  const result = await asInputError(() =>
    options.definitions.change(
      { ...templateWrite(credentials, change.message), dryRun: ctx.isDryRun },
      edits,
    ),
  );
  await reportWrite(ctx, result);
  return result;
}

/** Planning found an existing definition changed: ask for update permission, then plan again. */
class UpdateNeeded extends Error {}

/**
 * A template's create or clone: the kind's create permission (as the REST
 * API checks it), then DefinitionWrites' re-runnable create, planned on the
 * head it is committed on. Outputs the entity written; returns the
 * definition as committed.
 */
export async function createDefinition<T extends ArlonObject>(
  ctx: WriteContext,
  options: ArlonActionsOptions,
  create: {
    kind: ArlonKind;
    /** For the denial: "You may not <what>". */
    what: string;
    message: string;
    plan: (files: FleetFiles, commit: string) => DefinitionToCreate<T>;
  },
): Promise<T> {
  const credentials = await ctx.getInitiatorCredentials();
  await authorize(
    options.permissions,
    createPermissionFor(create.kind),
    credentials,
    create.what,
  );
  // Edits beside the definition (a bundle's manifests) on a definition that
  // exists already change it: arlon.definition.update on it (its owner), as
  // the REST update would ask. Asked only when that happens.
  let update: DefinitionDecision | undefined;
  const plan = (files: FleetFiles, commit: string): DefinitionToCreate<T> => {
    const planned = create.plan(files, commit);
    const extra = planned.with;
    if (!extra) return planned;
    return {
      ...planned,
      with: current => {
        const edits = extra(current);
        const existing = definitionViews(current).filter(
          v =>
            v.kind === create.kind &&
            v.name === planned.definition.metadata.name,
        );
        if (edits.length && existing.length) {
          if (!update) throw new UpdateNeeded();
          update.require(
            existing.map(v => arlonResourceOfView(v, options.defaultOwner)),
            `change this ${create.kind}`,
          );
        }
        return edits;
      },
    };
  };
  const write = () =>
    new DefinitionWrites(options.definitions).createOnce(
      { ...templateWrite(credentials, create.message), dryRun: ctx.isDryRun },
      plan,
    );
  const result = await asInputError(async () => {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof UpdateNeeded)) throw error;
      update = await decideOnDefinitions(
        options.permissions,
        resourcePermissionFor(create.kind, 'update'),
        credentials,
      );
      return write();
    }
  });
  await reportWrite(ctx, result);
  outputEntityRef(ctx, result.definition);
  return result.definition;
}
