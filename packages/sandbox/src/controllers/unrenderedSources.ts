/**
 * Sources the sandbox's ArgoCD does not render. It has no Helm, and it reads
 * only its own fleet repository: applying nothing and saying so beats
 * claiming a sync. Sync and health stay Unknown, as ArgoCD's do when it
 * cannot compare.
 */

/** ArgoCD's validateSourcePermissions: a chart is fetched by version (an InvalidSpecError). */
export function chartWithoutRevision(main: any): string | undefined {
  return main.chart && !main.targetRevision
    ? 'spec.source.targetRevision is required if the manifest source is a helm chart'
    : undefined;
}

/** Why the sandbox cannot render this source (a ComparisonError), or undefined when it can. */
export function unrenderedSource(
  main: any,
  fleetRepoUrl: string,
): string | undefined {
  if (main.chart)
    return `chart ${main.chart} ${main.targetRevision} from the Helm repository ${main.repoURL}: the sandbox does not render Helm charts, so it applied nothing; ArgoCD would render and apply it (sync and health are unknown here)`;
  if (main.helm)
    return `${main.repoURL} ${main.path}: the sandbox does not render Helm charts; ArgoCD would (sync and health are unknown here)`;
  if (main.repoURL !== fleetRepoUrl)
    return `${main.repoURL}: the sandbox only reads its own fleet repository (${fleetRepoUrl})`;
  return undefined;
}
