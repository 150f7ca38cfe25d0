import { InputError } from '@backstage/errors';
import type { ScmIntegrationRegistry } from '@backstage/integration';

/** Where people see and edit a definition's file, on whichever host keeps the fleet repository. */
export interface FleetLinks {
  /** The repository's web page (clone URL without `.git`). */
  repository: string;
  /** The host type (`github`, `gitlab`, `gitea`, `bitbucketServer`, …), or undefined for a host no integration covers. */
  type?: string;
  /** A file's page on the branch; undefined when the host is unknown. */
  view(path: string): string | undefined;
  /** A file's edit page, as the host's integration builds it; undefined when unknown. */
  edit(path: string): string | undefined;
  /** A folder's page on the branch, for `backstage.io/source-location`. */
  folder(path: string): string | undefined;
}

const enc = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * An http(s) URL as it may appear in an entity, which every catalog reader
 * sees: without a user name or password (a token in a URL stays in the
 * config), query or fragment; undefined for anything else (a `javascript:`
 * or `file:` URL is never a link).
 */
export function publicHttpUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string' || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  return url;
}

/** The clone URL as it may appear in an entity (publicHttpUrl), or an error saying what to set. */
function webUrl(cloneUrl: string): string {
  const url = publicHttpUrl(cloneUrl);
  if (!url)
    throw new InputError(
      "arlon.fleetRepo.url is not an http or https URL, so the catalog cannot link to the fleet repository: set it to the repository's https clone URL",
    );
  return url.toString();
}

/**
 * The web links of a fleet repository's files, built for its host by the
 * `integrations` configured (GitHub, GitLab, Gitea, Bitbucket Server and
 * Cloud, Azure DevOps): each host's page layout for the view URL, the
 * integration's resolveEditUrl for the edit URL. A host no integration
 * covers gets no file links (never a guessed, GitHub-shaped one).
 */
export function fleetLinks(
  integrations: ScmIntegrationRegistry,
  cloneUrl: string,
  branch: string,
): FleetLinks {
  const web = webUrl(cloneUrl);
  const repository = web.replace(/\.git$/, '').replace(/\/+$/, '');
  const integration = integrations.byUrl(web);
  const type = integration?.type;
  const b = encodeURIComponent(branch);
  let view: (path: string, folder: boolean) => string | undefined;
  switch (type) {
    case 'github':
      view = (p, folder) =>
        `${repository}/${folder ? 'tree' : 'blob'}/${b}/${enc(p)}`;
      break;
    case 'gitlab':
      view = (p, folder) =>
        `${repository}/-/${folder ? 'tree' : 'blob'}/${b}/${enc(p)}`;
      break;
    case 'gitea':
      view = p => `${repository}/src/branch/${b}/${enc(p)}`;
      break;
    case 'bitbucketCloud':
      view = p => `${repository}/src/${b}/${enc(p)}`;
      break;
    case 'bitbucketServer': {
      // Clone: <base>/scm/<project>/<repo>.git; web: <base>/projects/<project>/repos/<repo>/browse/<path>
      const match = repository.match(/^(.*)\/scm\/([^/]+)\/([^/]+)$/);
      view = match
        ? p =>
            `${match[1]}/projects/${match[2]}/repos/${match[3]}/browse/${enc(
              p,
            )}?at=${encodeURIComponent(`refs/heads/${branch}`)}`
        : () => undefined;
      break;
    }
    case 'azure':
      view = p =>
        `${repository}?path=${encodeURIComponent(
          `/${p}`,
        )}&version=GB${encodeURIComponent(branch)}`;
      break;
    default:
      view = () => undefined;
  }
  return {
    repository,
    type,
    view: path => view(path, false),
    edit: path => {
      const url = view(path, false);
      return url && integration ? integration.resolveEditUrl(url) : undefined;
    },
    folder: path => view(path.replace(/\/+$/, ''), true),
  };
}
