// The bootstrap Application: the one object applied by hand, syncing its tree's argocd/ folder into ArgoCD.
import { DEFAULT_CAPI_VERSION } from '../providers/capi/version';
import type { KubeObject } from '../providers/renderCluster';
import { application } from './argoObjects';
import { FLEET_FORMAT_ANNOTATION, FLEET_FORMAT_VERSION } from './fleetFormat';
import {
  CAPI_VERSION_ANNOTATION,
  CompileOptions,
  IN_CLUSTER,
} from './generatedTree';
import {
  BootstrapTree,
  bootstrapTree,
  MANAGEMENT_CLUSTER_ANNOTATION,
} from './placement';

/**
 * The bootstrap Application never cascades: it carries no resources
 * finalizer, so deleting it (by mistake, or to re-bootstrap) orphans what it
 * synced instead of deleting every cluster's root Application and, through
 * theirs, every cluster. Root and bundle Applications keep theirs: deleting
 * one of them is how one cluster or one bundle is meant to go.
 */
export function fleetBootstrapApplication(
  options: CompileOptions,
  ns: string,
  tree: BootstrapTree = bootstrapTree(),
): KubeObject {
  return application(
    ns,
    'arlon-fleet',
    { 'arlon.io/kind': 'fleet' },
    // The format this tree is written in, for readers of another release.
    {
      [FLEET_FORMAT_ANNOTATION]: String(FLEET_FORMAT_VERSION),
      [CAPI_VERSION_ANNOTATION]: options.capiVersion ?? DEFAULT_CAPI_VERSION,
      // Only on a named tree, so the default tree keeps its bytes.
      ...(tree.managementCluster !== undefined
        ? { [MANAGEMENT_CLUSTER_ANNOTATION]: tree.managementCluster }
        : {}),
    },
    {
      project: 'default',
      source: {
        repoURL: options.repoUrl,
        targetRevision: options.revision,
        path: tree.argocdDir,
        directory: { recurse: true },
      },
      destination: { server: IN_CLUSTER, namespace: ns },
      syncPolicy: { automated: { prune: true, selfHeal: true } },
    },
    { cascade: false },
  );
}
