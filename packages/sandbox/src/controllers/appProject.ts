/**
 * ArgoCD's AppProject checks, as `pkg/apis/application/v1alpha1/app_project_types.go`
 * makes them: sources against `sourceRepos`, the destination against
 * `destinations` (with `!` deny rules, ArgoCD 2.5+), and each resource's
 * group and kind against the cluster-scoped allow and deny lists.
 */

export interface ProjectSpec {
  sourceRepos?: string[];
  destinations?: Array<{ server?: string; name?: string; namespace?: string }>;
  clusterResourceWhitelist?: Array<{ group?: string; kind?: string }>;
  clusterResourceBlacklist?: Array<{ group?: string; kind?: string }>;
  namespaceResourceWhitelist?: Array<{ group?: string; kind?: string }>;
  namespaceResourceBlacklist?: Array<{ group?: string; kind?: string }>;
}

export interface DestinationCluster {
  server: string;
  name: string;
}

/** gobwas/glob as ArgoCD uses it: `*` and `?`, not crossing `separators`; a leading `!` negates. */
export function globMatch(
  pattern: string,
  value: string,
  allowNegation: boolean,
  separators = '',
): boolean {
  if (allowNegation && pattern.startsWith('!'))
    return !globMatch(pattern.slice(1), value, false, separators);
  if (pattern === '*') return true;
  const notSep = separators
    ? `[^${separators.replace(/[\]\\^-]/g, '\\$&')}]`
    : '[\\s\\S]';
  const source = pattern
    .split('')
    .map(c => {
      if (c === '*') return `${notSep}*`;
      if (c === '?') return notSep;
      return c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`).test(value);
}

/** git.NormalizeGitURL, near enough: lower case, no trailing `.git` or `/`, scp-like as ssh://. */
export function normalizeGitUrl(url: string): string {
  let u = url.trim().toLowerCase();
  const scp = /^([^@/:]+@[^:/]+):(?!\/\/)(.*)$/.exec(u);
  if (scp) u = `ssh://${scp[1]}/${scp[2]}`;
  return u.replace(/\/+$/, '').replace(/\.git$/, '');
}

/** IsSourcePermitted: some allow pattern matches, and no deny pattern does. */
export function isSourcePermitted(spec: ProjectSpec, repoUrl: string): boolean {
  const src = normalizeGitUrl(repoUrl);
  let any = false;
  for (const repo of spec.sourceRepos ?? []) {
    const deny = repo.startsWith('!');
    const normalized = deny
      ? `!${normalizeGitUrl(repo.slice(1))}`
      : normalizeGitUrl(repo);
    const matched = globMatch(normalized, src, true, '/');
    if (matched) any = true;
    else if (deny) return false;
  }
  return any;
}

/** isDestinationMatched (ArgoCD 3): a deny rule that excludes the destination wins over any allow. */
export function isDestinationPermitted(
  spec: ProjectSpec,
  dst: DestinationCluster,
  namespace: string,
): boolean {
  let any = false;
  const isDeny = (p: string | undefined) => !!p && p.startsWith('!');
  for (const item of spec.destinations ?? []) {
    const nameMatched =
      dst.name !== '' && globMatch(item.name ?? '', dst.name, true);
    const serverMatched =
      dst.server !== '' && globMatch(item.server ?? '', dst.server, true);
    const nsMatched = globMatch(item.namespace ?? '', namespace, true);
    if ((serverMatched || nameMatched) && nsMatched) any = true;
    else if (
      (!nameMatched && isDeny(item.name)) ||
      (!serverMatched && isDeny(item.server) && nsMatched)
    )
      return false;
    else if (!nsMatched && isDeny(item.namespace) && serverMatched)
      return false;
  }
  return any;
}

/** IsGroupKindPermitted: cluster-scoped kinds need the allow list; namespaced ones pass unless listed as denied. */
export function isGroupKindPermitted(
  spec: ProjectSpec,
  group: string,
  kind: string,
  namespaced: boolean,
): boolean {
  const matches = (list?: Array<{ group?: string; kind?: string }>) =>
    (list ?? []).some(
      e =>
        globMatch(e.group ?? '', group, false) &&
        globMatch(e.kind ?? '', kind, false),
    );
  if (namespaced) {
    const allow = spec.namespaceResourceWhitelist;
    return (
      (allow === undefined || matches(allow)) &&
      !matches(spec.namespaceResourceBlacklist)
    );
  }
  return (
    matches(spec.clusterResourceWhitelist) &&
    !matches(spec.clusterResourceBlacklist)
  );
}
