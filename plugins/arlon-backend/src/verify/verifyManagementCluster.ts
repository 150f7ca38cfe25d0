import {
  ApiextensionsV1Api,
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
} from '@kubernetes/client-node';
import {
  ARGOCD_VERSION_DEPLOYMENTS,
  argocdVersionOf,
  crdPlural,
  supportsTemplatePatch,
  PROVIDERS,
  VerifyCheck,
  VerifyResult,
} from '@arlon-backstage/plugin-arlon-common';
import type { ManagementCluster } from '@arlon-backstage/plugin-arlon-node';

const ARGOCD_CRDS = [
  'applications.argoproj.io',
  'applicationsets.argoproj.io',
  'appprojects.argoproj.io',
];
const CAPI_CRDS = [
  'clusters.cluster.x-k8s.io',
  'machinedeployments.cluster.x-k8s.io',
];

/** What a management cluster has and lacks for Arlon, each with a fix-it hint: the bootstrap check. */
export async function verifyManagementCluster(
  cluster: ManagementCluster,
): Promise<VerifyResult> {
  const kc = cluster.kubeConfig;
  const checks: VerifyCheck[] = [];
  const health = await cluster.probe();
  checks.push({
    name: 'API server',
    ok: health.status === 'reachable',
    detail:
      health.status === 'reachable'
        ? `reachable, Kubernetes ${health.kubernetesVersion}`
        : health.problem?.message ?? 'unreachable',
    hint: health.problem?.hint,
  });
  if (health.status !== 'reachable')
    return {
      managementCluster: cluster.name,
      ok: false,
      checks,
      infrastructureProviders: [],
    };

  const crds = new Set(
    (
      await kc.makeApiClient(ApiextensionsV1Api).listCustomResourceDefinition()
    ).items.map(c => c.metadata!.name!),
  );
  const missing = (names: string[]) => names.filter(n => !crds.has(n));

  const argoMissing = missing(ARGOCD_CRDS);
  checks.push({
    name: 'ArgoCD CRDs',
    ok: argoMissing.length === 0,
    detail: argoMissing.length
      ? `missing: ${argoMissing.join(', ')}`
      : 'Application, ApplicationSet, AppProject',
    hint: argoMissing.length
      ? 'Install ArgoCD (kubectl apply -n argocd -f the ArgoCD install manifest), version 2.10 or later for templatePatch.'
      : undefined,
  });
  const ns = await kc
    .makeApiClient(CoreV1Api)
    .readNamespace({ name: cluster.argocdNamespace })
    .then(
      () => true,
      () => false,
    );
  checks.push({
    name: 'ArgoCD namespace',
    ok: ns,
    detail: ns
      ? cluster.argocdNamespace
      : `namespace ${cluster.argocdNamespace} not found`,
    hint: ns
      ? undefined
      : `Create it (kubectl create namespace ${cluster.argocdNamespace}) or set argocdNamespace for this management cluster.`,
  });
  if (ns) checks.push(await argocdVersionCheck(cluster));
  const capiMissing = missing(CAPI_CRDS);
  checks.push({
    name: 'Cluster API core',
    ok: capiMissing.length === 0,
    detail: capiMissing.length
      ? `missing: ${capiMissing.join(', ')}`
      : 'Cluster, MachineDeployment',
    hint: capiMissing.length
      ? 'Install Cluster API: clusterctl init (it installs the core, kubeadm bootstrap and control plane providers).'
      : undefined,
  });
  const infrastructureProviders = PROVIDERS.filter(p =>
    crds.has(
      `${crdPlural(p.infrastructureCluster.kind)}.${
        p.infrastructureCluster.group
      }`,
    ),
  ).map(p => p.id);
  checks.push({
    name: 'Infrastructure providers',
    ok: infrastructureProviders.length > 0,
    detail: infrastructureProviders.length
      ? infrastructureProviders.join(', ')
      : 'none installed',
    hint: infrastructureProviders.length
      ? undefined
      : 'Install at least one: clusterctl init --infrastructure aws (or azure, gcp, docker, ...).',
  });
  const bootstrapped =
    argoMissing.length === 0 && ns
      ? await kc
          .makeApiClient(CustomObjectsApi)
          .getNamespacedCustomObject({
            group: 'argoproj.io',
            version: 'v1alpha1',
            namespace: cluster.argocdNamespace,
            plural: 'applications',
            name: 'arlon-fleet',
          })
          .then(
            () => true,
            () => false,
          )
      : false;
  checks.push({
    name: 'Arlon fleet application',
    ok: bootstrapped,
    detail: bootstrapped
      ? 'arlon-fleet syncs the generated tree'
      : 'arlon-fleet not found',
    hint: bootstrapped
      ? undefined
      : 'POST /api/arlon/bootstrap (or kubectl apply -f generated/bootstrap/arlon-fleet.yaml from the fleet repository).',
  });
  return {
    managementCluster: cluster.name,
    ok: checks.every(c => c.ok),
    checks,
    infrastructureProviders,
  };
}

/** ArgoCD's version, read as bootstrap reads it (its Deployments' image tags): 2.10+ renders templatePatch. */
async function argocdVersionCheck(
  cluster: ManagementCluster,
): Promise<VerifyCheck> {
  const apps = cluster.kubeConfig.makeApiClient(AppsV1Api);
  const deployments = (
    await Promise.all(
      ARGOCD_VERSION_DEPLOYMENTS.map(name =>
        apps
          .readNamespacedDeployment({
            name,
            namespace: cluster.argocdNamespace,
          })
          .catch(() => undefined),
      ),
    )
  ).filter(d => d !== undefined);
  const version = argocdVersionOf(deployments as any);
  const ok = version.version !== undefined && supportsTemplatePatch(version);
  return {
    name: 'ArgoCD version',
    ok,
    detail: version.version ?? version.reason,
    hint: ok
      ? undefined
      : 'ArgoCD 2.10 or later is needed (the compiled ApplicationSets use templatePatch); arlon bootstrap --context <this cluster> checks it too.',
  };
}
