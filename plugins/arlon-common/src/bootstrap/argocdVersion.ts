import { ARGOCD_VERSION_DEPLOYMENTS } from './rbac';

/** ArgoCD 2.10 brought the ApplicationSet `templatePatch` the compiled profiles use. */
export const MIN_ARGOCD_VERSION = { major: 2, minor: 10 };

/** What bootstrap needs of an ArgoCD Deployment: its name, labels and images. */
export interface ArgoCdDeploymentView {
  metadata?: { name?: string; labels?: Record<string, string> };
  spec?: { template?: { spec?: { containers?: Array<{ image?: string }> } } };
}

/** The ArgoCD version a management cluster runs, and where it was read. */
export type ArgoCdVersion =
  | { version: string; major: number; minor: number; from: string }
  | { version?: undefined; reason: string };

const SEMVER =
  /^v?(\d{1,4})\.(\d{1,4})\.(\d{1,4})(?:[-+][0-9A-Za-z.-]{0,64})?$/;

/** The tag of an image reference (`quay.io/argoproj/argocd:v2.13.1`), without a digest. */
function imageTag(image: string): string | undefined {
  const withoutDigest = image.split('@')[0];
  const lastSlash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.indexOf(':', lastSlash + 1);
  return colon < 0 ? undefined : withoutDigest.slice(colon + 1);
}

/**
 * Pure: ArgoCD's version from its Deployments as the upstream install
 * manifests and Helm chart leave them: the image tag of the ApplicationSet
 * controller (the component that renders `templatePatch`) or the server,
 * else their `app.kubernetes.io/version` label (the Helm chart's). A tag
 * that is not a version (`latest`, a digest only) is no answer.
 */
export function argocdVersionOf(
  deployments: ReadonlyArray<ArgoCdDeploymentView>,
): ArgoCdVersion {
  if (deployments.length === 0)
    return {
      reason: `no ArgoCD Deployment (${ARGOCD_VERSION_DEPLOYMENTS.join(
        ' or ',
      )}) found`,
    };
  const ordered = [...deployments].sort(
    (a, b) =>
      ARGOCD_VERSION_DEPLOYMENTS.indexOf(a.metadata?.name ?? '') -
      ARGOCD_VERSION_DEPLOYMENTS.indexOf(b.metadata?.name ?? ''),
  );
  const candidates: Array<[string, string | undefined]> = [];
  for (const d of ordered) {
    const name = d.metadata?.name ?? 'deployment';
    for (const c of d.spec?.template?.spec?.containers ?? [])
      if (typeof c.image === 'string')
        candidates.push([`${name} image ${c.image}`, imageTag(c.image)]);
    const label = d.metadata?.labels?.['app.kubernetes.io/version'];
    candidates.push([`${name} label app.kubernetes.io/version`, label]);
  }
  for (const [from, value] of candidates) {
    const m = typeof value === 'string' ? SEMVER.exec(value) : null;
    if (m)
      return {
        version: value!.startsWith('v') ? value! : `v${value}`,
        major: Number(m[1]),
        minor: Number(m[2]),
        from,
      };
  }
  return {
    reason: `the ArgoCD Deployments name no version (image tag or app.kubernetes.io/version label)`,
  };
}

/** Whether the version renders the compiled ApplicationSets (`templatePatch`). */
export function supportsTemplatePatch(v: { major: number; minor: number }) {
  return (
    v.major > MIN_ARGOCD_VERSION.major ||
    (v.major === MIN_ARGOCD_VERSION.major &&
      v.minor >= MIN_ARGOCD_VERSION.minor)
  );
}
