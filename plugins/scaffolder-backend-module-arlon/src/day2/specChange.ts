import {
  arlonResourceOfView,
  definitionViews,
  destructiveSpecChange,
  entityRef,
} from '@arlon-backstage/plugin-arlon-common';
import { resourcePermissionFor } from '@arlon-backstage/plugin-arlon-node';
import { InputError } from '@backstage/errors';
import type { ArlonActionsOptions } from '../actions/options';
import type { WriteContext } from '../actions/outputs';
import { writeFleet } from '../actions/writeFleet';
import {
  type ResolvedTarget,
  resolveSpecTarget,
  type SpecBody,
  specBodyEdit,
  type SpecTarget,
} from './specTarget';

/**
 * One day-2 change of a spec body (a ClusterSpec's, or a cloned cluster's
 * own), through the validated write path: the same update permission the
 * REST API's PUT asks (arlon.definition.update on the spec,
 * arlon.cluster.update on a cluster), checked on the definition's owner on
 * the head the change is planned on. Before the files, the log names every
 * cluster the change reaches, on a dry run too.
 *
 * Returns the target as found on the head the change was planned on.
 */
export async function changeSpecBody(
  ctx: WriteContext,
  options: ArlonActionsOptions,
  change: {
    target: SpecTarget;
    /** For the denial and the log: "You may not <what>". */
    what: string;
    message: string;
    /** The new body, or throws an InputError naming the field. */
    next: (resolved: ResolvedTarget) => SpecBody;
    /** One line per change for the log, e.g. "v1.30.0 → v1.31.0". */
    describe: (resolved: ResolvedTarget, next: SpecBody) => string[];
  },
): Promise<ResolvedTarget> {
  const { target } = change;
  let planned: ResolvedTarget | undefined;
  let lines: string[] = [];
  await writeFleet(ctx, options, {
    permission: resourcePermissionFor(target.kind, 'update'),
    what: change.what,
    message: change.message,
    // The definition as found on this head, whatever its shape: the owner
    // is checked before the change is planned (a missing one is planned's 404).
    on: files =>
      definitionViews(files)
        .filter(v => v.kind === target.kind && v.name === target.name)
        .map(v => arlonResourceOfView(v, options.defaultOwner)),
    edits: files => {
      const resolved = resolveSpecTarget(files, target, options.defaultOwner);
      const next = change.next(resolved);
      // These changes are rolled out by Cluster API; one that rebuilds a
      // cluster needs arlon.cluster.delete, which the REST PUT asks for and
      // these actions never do.
      for (const cluster of resolved.clusters) {
        const reason = destructiveSpecChange(cluster, resolved.body, next);
        if (reason)
          throw new InputError(
            `This change ${reason} for Cluster "${cluster}"; change ${resolved.file} through the REST API or in Git, where deleting it is asked for`,
          );
      }
      planned = resolved;
      lines = change.describe(resolved, next);
      return specBodyEdit(resolved, next);
    },
  });
  const resolved = planned!;
  for (const line of lines) ctx.logger.info(line);
  ctx.logger.info(
    resolved.clusters.length
      ? `Clusters it reaches: ${resolved.clusters.join(', ')}`
      : `No cluster is built from ${target.kind} ${target.name} yet`,
  );
  ctx.output('entityRef', entityRef(target.kind, target.name));
  ctx.output('clusters', resolved.clusters);
  return resolved;
}
