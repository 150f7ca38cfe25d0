import type { VerifyCheck } from '../model/verify';
import {
  ArgoCdDeploymentView,
  argocdVersionOf,
  MIN_ARGOCD_VERSION,
  supportsTemplatePatch,
} from './argocdVersion';
import {
  clusterctlInitCommand,
  missingKinds,
  RequiredKind,
  ServedCrd,
} from './requiredProviders';

/** What bootstrap reads of a management cluster before it applies anything. */
export interface ManagementState {
  crds: ServedCrd[];
  argocdNamespace: string;
  argocdNamespaceExists: boolean;
  argocdDeployments: ArgoCdDeploymentView[];
}

/** The checks, and the `clusterctl init` that installs what Cluster API lacks. */
export interface BootstrapChecks {
  ok: boolean;
  checks: VerifyCheck[];
  clusterctl?: string;
}

const ARGOCD_CRDS = [
  'applications.argoproj.io',
  'applicationsets.argoproj.io',
  'appprojects.argoproj.io',
];
const argocdInstall = (ns: string) =>
  `Install ArgoCD ${MIN_ARGOCD_VERSION.major}.${MIN_ARGOCD_VERSION.minor} or later: kubectl create namespace ${ns} && kubectl apply -n ${ns} --server-side -f https://raw.githubusercontent.com/argoproj/argo-cd/stable/manifests/install.yaml`;

/**
 * Pure: whether a management cluster can run the fleet: ArgoCD installed
 * (CRDs, namespace, Deployments) at a version that renders `templatePatch`,
 * and every Cluster API kind the fleet's specs need served.
 */
export function bootstrapChecks(
  state: ManagementState,
  required: ReadonlyArray<RequiredKind>,
): BootstrapChecks {
  const checks: VerifyCheck[] = [];
  const crdNames = new Set(state.crds.map(c => c.name));
  const argoMissing = ARGOCD_CRDS.filter(n => !crdNames.has(n));
  const ns = state.argocdNamespace;
  checks.push({
    name: 'ArgoCD installed',
    ok: !argoMissing.length && state.argocdNamespaceExists,
    detail: argocdDetail(argoMissing, state.argocdNamespaceExists, ns),
    hint:
      argoMissing.length || !state.argocdNamespaceExists
        ? argocdInstall(ns)
        : undefined,
  });
  const version = argocdVersionOf(state.argocdDeployments);
  const recent =
    version.version !== undefined && supportsTemplatePatch(version);
  checks.push({
    name: 'ArgoCD version',
    ok: recent,
    detail:
      version.version === undefined
        ? version.reason
        : `${version.version} (from ${version.from})`,
    hint: recent ? undefined : versionHint(version.version, ns),
  });
  const missing = missingKinds(required, state.crds);
  const clusterctl = clusterctlInitCommand(missing);
  const core = missing.filter(m => m.provider.type === 'core');
  checks.push({
    name: 'Cluster API core',
    ok: !core.length,
    detail: core.length
      ? `not served: ${core.map(m => `${m.kind} (${m.apiVersion})`).join(', ')}`
      : 'served',
    hint: core.length ? clusterctl : undefined,
  });
  const providers = missing.filter(m => m.provider.type !== 'core');
  const needed = [
    ...new Set(
      required
        .filter(r => r.provider.type !== 'core')
        .map(r => r.provider.name),
    ),
  ].sort();
  checks.push({
    name: 'Cluster API providers',
    ok: !providers.length,
    detail: providersDetail(providers, needed),
    hint: providers.length ? clusterctl : undefined,
  });
  return { ok: checks.every(c => c.ok), checks, clusterctl };
}

function argocdDetail(missing: string[], namespaceExists: boolean, ns: string) {
  if (missing.length) return `CRDs missing: ${missing.join(', ')}`;
  return namespaceExists
    ? `CRDs served, namespace ${ns}`
    : `namespace ${ns} not found`;
}

function versionHint(version: string | undefined, ns: string) {
  if (version === undefined)
    return `${argocdInstall(
      ns,
    )}; a Deployment whose image has no version tag needs the label app.kubernetes.io/version`;
  return `Upgrade ArgoCD to ${MIN_ARGOCD_VERSION.major}.${MIN_ARGOCD_VERSION.minor} or later: the compiled ApplicationSets use templatePatch`;
}

function providersDetail(missing: RequiredKind[], needed: string[]) {
  if (missing.length)
    return missing
      .map(
        m =>
          `${m.kind} (${m.apiVersion}) not served, needed by ${m.neededBy.join(
            ', ',
          )}`,
      )
      .join('; ');
  return needed.length
    ? `served: ${needed.join(', ')}`
    : 'the fleet needs none';
}
