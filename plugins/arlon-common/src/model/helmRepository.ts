/**
 * The rules for a bundle whose chart comes from a Helm chart repository
 * (`spec.source.helmRepository`). Each check returns what is wrong in words
 * fit to follow the field's path ("spec.source.helmRepository.version ..."),
 * or undefined. Pure: the schema applies them, so every writer (portal,
 * CLI, scaffolder actions, all through validateFleet) gets the same words.
 */

/** The most a repository URL may be; longer is no real repository. */
export const MAX_HELM_REPOSITORY_URL_LENGTH = 2048;
export const MAX_CHART_NAME_LENGTH = 250;
export const MAX_CHART_VERSION_LENGTH = 128;

/**
 * An https Helm repository, anchored at both ends: a host (and port), then a
 * path of URL characters. No user information (the authority has no `@`), no
 * query or fragment (Helm appends `/index.yaml`), and none of the characters
 * that could break out of the YAML or Go template the URL is written into.
 */
export const HELM_REPOSITORY_URL =
  /^https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[A-Za-z0-9._~%!$&()*+,;=:@\/-]*)?$/;

/** A chart's name as a repository index lists it: no `/` (the repository is in repoUrl). */
export const CHART_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** One exact SemVer 2 version, as Helm requires of charts; cert-manager's carry a leading v. */
export const CHART_VERSION =
  /^v?\d+\.\d+\.\d+(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** What a version range (Masterminds/semver, which Helm and ArgoCD read) is spelled with. */
const RANGE_SYNTAX = /[\^~<>=*|,\s]|(?:^|\.)[xX](?:$|\.)/;

export function helmRepositoryUrlProblem(url: string): string | undefined {
  if (url.length > MAX_HELM_REPOSITORY_URL_LENGTH)
    return `must be at most ${MAX_HELM_REPOSITORY_URL_LENGTH} characters`;
  if (!/^[\x21-\x7e]+$/.test(url) || /["'`{}\\<>^|]/.test(url))
    return 'must not contain spaces, quotes, braces, backslashes or control characters';
  if (/^oci:\/\//i.test(url))
    return 'is an OCI registry (oci://); only https Helm chart repositories are supported';
  if (!url.startsWith('https://'))
    return 'must be an https:// URL (http, file: and other schemes are refused)';
  if (!URL.canParse(url)) return 'is not a valid URL';
  const parsed = new URL(url);
  // Written into generated/ and shown in the portal: credentials would leak.
  if (parsed.username || parsed.password)
    return 'must not carry a user name or password';
  if (parsed.search || parsed.hash || url.includes('?') || url.includes('#'))
    return "must not have a query ('?') or fragment ('#')";
  if (!HELM_REPOSITORY_URL.test(url))
    return 'must be an https URL of a host and a path, e.g. https://charts.jetstack.io';
  return undefined;
}

export function chartNameProblem(chart: string): string | undefined {
  if (chart.length === 0) return 'must not be empty';
  if (chart.length > MAX_CHART_NAME_LENGTH)
    return `must be at most ${MAX_CHART_NAME_LENGTH} characters`;
  if (chart.includes('/'))
    return "must be the chart's name alone, without '/' (the repository goes in repoUrl)";
  if (!CHART_NAME.test(chart))
    return "must be a chart name: letters, digits, '.', '_' and '-', starting with a letter or digit";
  return undefined;
}

/**
 * Only an exact version is accepted. ArgoCD would take a range (`^1.2`,
 * `>=1.0 <2.0`) as targetRevision, but then a new upstream release changes
 * what every cluster runs with no commit in the fleet repository: nothing
 * to review, to diff beforehand or to roll back to.
 */
export function chartVersionProblem(version: string): string | undefined {
  if (version.length === 0) return 'must not be empty';
  if (version.length > MAX_CHART_VERSION_LENGTH)
    return `must be at most ${MAX_CHART_VERSION_LENGTH} characters`;
  if (CHART_VERSION.test(version)) return undefined;
  if (RANGE_SYNTAX.test(version))
    return 'is a version range; write one exact chart version (e.g. v1.21.1 or 6.5.4), so a new upstream release reaches clusters only through a commit';
  return 'must be an exact chart version (SemVer, e.g. v1.21.1 or 6.5.4)';
}
