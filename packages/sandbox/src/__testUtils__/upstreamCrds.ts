import type { KubeApiServer } from '../kube/KubeApiServer';
import { sandboxCrds } from '../kube/crds';

/** Makes `server` serve the named upstream CRDs (e.g. `clusters.cluster.x-k8s.io`), as a management cluster with them installed (tests only). */
export function serveUpstreamCrds(server: KubeApiServer, ...names: string[]) {
  const crdType = server.store.type(
    'apiextensions.k8s.io',
    'customresourcedefinitions',
  )!;
  const crds = sandboxCrds().filter(c => names.includes(c.metadata.name));
  const missing = names.filter(n => !crds.some(c => c.metadata.name === n));
  if (missing.length)
    throw new Error(
      `no upstream CRD named ${missing.join(
        ', ',
      )} (see packages/sandbox/crds/)`,
    );
  for (const crd of crds) server.store.create(crdType, undefined, crd);
}
