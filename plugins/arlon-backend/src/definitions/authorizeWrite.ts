import type {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import {
  ArlonKind,
  arlonClusterDeletePermission,
  arlonResourceOf,
  arlonResourceOfView,
  definitionViews,
  destructiveClusterChange,
  destructiveSpecChange,
} from '@arlon-backstage/plugin-arlon-common';
import {
  authorize,
  createPermissionFor,
  decideOnDefinitions,
  resourcePermissionFor,
} from '@arlon-backstage/plugin-arlon-node';
import type { WriteOp } from './kinds';

export interface WriteToAuthorize {
  op: WriteOp;
  kind: ArlonKind;
  name: string;
  /** The submitted definition (updates), when it could be read. */
  next?: unknown;
}

/**
 * The permission checks of one definition write. Creating is checked at
 * once (a basic permission). Updating and deleting ask the policy at once
 * (a flat denial is a 403 before anything is read) and return the check to
 * run on the head the write is planned on, against the definition's owner
 * there:
 * - update or delete on the current definition;
 * - update on the submitted one too, so an update cannot hand a definition
 *   to an owner the caller could not update it as;
 * - delete on a built cluster whose update would tear it down (turned
 *   external, another cluster spec, another mode, or a cloned cluster's
 *   frozen spec edited so Cluster API rebuilds it);
 * - delete on every linked cluster a ClusterSpec update would tear down the
 *   same way (another provider, type, region or network, or a node pool or
 *   other Cluster API object gone): they follow the spec.
 */
export async function authorizeWrite(
  permissions: PermissionsService,
  credentials: BackstageCredentials,
  write: WriteToAuthorize,
  defaultOwner: string,
): Promise<((files: Record<string, string>) => void) | undefined> {
  const { op, kind, name } = write;
  if (op === 'create') {
    await authorize(
      permissions,
      createPermissionFor(kind),
      credentials,
      `create ${kind} definitions`,
    );
    return undefined;
  }
  const decision = await decideOnDefinitions(
    permissions,
    resourcePermissionFor(kind, op),
    credentials,
  );
  decision.requireSome(`${op} ${kind} definitions`);
  const teardown =
    (kind === 'Cluster' || kind === 'ClusterSpec') && op === 'update'
      ? await decideOnDefinitions(
          permissions,
          arlonClusterDeletePermission,
          credentials,
        )
      : undefined;
  return files => {
    const current = definitionViews(files).find(
      v => v.kind === kind && v.name === name,
    );
    if (!current) return; // the write answers 404
    const resource = arlonResourceOfView(current, defaultOwner);
    decision.require([resource], `${op} this definition`);
    if (op !== 'update' || !write.next || typeof write.next !== 'object')
      return;
    const next = write.next as { metadata?: { annotations?: any } };
    const nextResource = arlonResourceOf(
      { kind, metadata: { name, annotations: next.metadata?.annotations } },
      defaultOwner,
    );
    if (!decision.allows(nextResource))
      throw new NotAllowedError(
        `You may not hand ${kind} "${name}" to ${nextResource.owner} (metadata.annotations.arlon.io/owner): you could not update it as that owner (permission ${decision.permission.name}); ask an Arlon admin`,
      );
    if (kind === 'ClusterSpec') {
      if (teardown) requireFollowersTeardown(files, name, next, teardown);
      return;
    }
    const reason =
      teardown && destructiveClusterChange(current.definition, next);
    if (reason && teardown && !teardown.allows(resource))
      throw new NotAllowedError(
        `This update ${reason}: it needs permission ${teardown.permission.name} on Cluster "${name}" (owner ${resource.owner}), which you do not have; ask an Arlon admin`,
      );
  };

  /** A ClusterSpec update that rebuilds the linked clusters following it needs delete on each of them. */
  function requireFollowersTeardown(
    files: Record<string, string>,
    specName: string,
    next: unknown,
    deletion: Awaited<ReturnType<typeof decideOnDefinitions>>,
  ) {
    const views = definitionViews(files);
    const current = views.find(
      v => v.kind === 'ClusterSpec' && v.name === specName,
    )?.definition as { spec?: unknown } | undefined;
    const nextSpec = (next as { spec?: unknown } | undefined)?.spec;
    for (const view of views) {
      const cluster = view.definition as {
        spec?: { clusterSpec?: unknown; mode?: unknown; external?: unknown };
      };
      if (
        view.kind !== 'Cluster' ||
        cluster?.spec?.clusterSpec !== specName ||
        cluster.spec.external ||
        cluster.spec.mode === 'cloned'
      )
        continue;
      const reason = destructiveSpecChange(view.name, current?.spec, nextSpec);
      const resource = arlonResourceOfView(view, defaultOwner);
      if (reason && !deletion.allows(resource))
        throw new NotAllowedError(
          `This update of ClusterSpec "${specName}" ${reason} for Cluster "${view.name}", which follows it (mode linked): it needs permission ${deletion.permission.name} on that cluster (owner ${resource.owner}), which you do not have; ask an Arlon admin`,
        );
    }
  }
}
