import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  arlonClusterDeletePermission,
  arlonResourceOfView,
  DEFAULT_ARLON_OWNER,
  definitionViews,
} from '@arlon-backstage/plugin-arlon-common';
import {
  decideOnDefinitions,
  type ClusterRemovalRequest,
} from '@arlon-backstage/plugin-arlon-node';
import type { ArlonActionsOptions } from './options';
import { templateWrite } from './templateWrite';

/**
 * The removal of cluster `name` for arlon:cluster:delete and
 * arlon:cluster:unregister: refused at once to a user who may delete no
 * cluster, and checked again, before its commit, against the owner of the
 * cluster's definition on the head the commit is made on.
 */
export async function clusterRemovalRequest(
  options: ArlonActionsOptions,
  credentials: BackstageCredentials,
  name: string,
  verb: 'delete' | 'unregister',
): Promise<ClusterRemovalRequest> {
  const decision = await decideOnDefinitions(
    options.permissions,
    arlonClusterDeletePermission,
    credentials,
  );
  decision.requireSome(`${verb} clusters`);
  const defaultOwner = options.defaultOwner ?? DEFAULT_ARLON_OWNER;
  const title = verb === 'delete' ? 'Delete' : 'Unregister';
  return {
    name,
    definitions: options.definitions,
    managementClusters: options.managementClusters.list(),
    write: {
      ...templateWrite(credentials, `${title} Cluster ${name}`),
      check: files =>
        decision.require(
          definitionViews(files)
            .filter(v => v.kind === 'Cluster' && v.name === name)
            .map(v => arlonResourceOfView(v, defaultOwner)),
          `${verb} this cluster`,
        ),
    },
  };
}
