import { InputError } from '@backstage/errors';
import {
  DefaultGithubCredentialsProvider,
  ScmIntegrationRegistry,
} from '@backstage/integration';

export interface PullRequest {
  url: string;
  number: number;
}

export interface PullRequestInput {
  /** Clone URL of the fleet repository. */
  repoUrl: string;
  head: string;
  base: string;
  title: string;
  body: string;
}

/** Opens a pull (or merge) request on the fleet repository's host. */
export type PullRequestOpener = (
  input: PullRequestInput,
) => Promise<PullRequest>;

/**
 * Pull requests through the host's REST API, with the token of the matching
 * `integrations` entry: GitHub, GitLab and Gitea. A plain Git host has no
 * pull requests, which `writeMode: pullRequest` reports at start-up.
 */
export function pullRequestOpener(
  integrations: ScmIntegrationRegistry,
  repoUrl: string,
): PullRequestOpener {
  const integration = integrations.byUrl(repoUrl);
  const { owner, repo, path } = repoPath(repoUrl);
  switch (integration?.type) {
    case 'github': {
      const config = integrations.github.byUrl(repoUrl)!.config;
      const credentials =
        DefaultGithubCredentialsProvider.fromIntegrations(integrations);
      return async input => {
        const { token } = await credentials.getCredentials({ url: repoUrl });
        const pr = await post(
          `${
            config.apiBaseUrl ?? 'https://api.github.com'
          }/repos/${owner}/${repo}/pulls`,
          token && `Bearer ${token}`,
          {
            title: input.title,
            body: input.body,
            head: input.head,
            base: input.base,
          },
        );
        return { url: pr.html_url, number: pr.number };
      };
    }
    case 'gitlab': {
      const config = integrations.gitlab.byUrl(repoUrl)!.config;
      return async input => {
        const mr = await post(
          `${config.apiBaseUrl}/projects/${encodeURIComponent(
            path,
          )}/merge_requests`,
          config.token && `Bearer ${config.token}`,
          {
            source_branch: input.head,
            target_branch: input.base,
            title: input.title,
            description: input.body,
          },
        );
        return { url: mr.web_url, number: mr.iid };
      };
    }
    case 'gitea': {
      const config = integrations.gitea.byUrl(repoUrl)!.config;
      const auth =
        config.username && config.password
          ? `Basic ${Buffer.from(
              `${config.username}:${config.password}`,
            ).toString('base64')}`
          : undefined;
      return async input => {
        const pr = await post(
          `${
            config.baseUrl ?? `https://${config.host}`
          }/api/v1/repos/${owner}/${repo}/pulls`,
          auth,
          {
            head: input.head,
            base: input.base,
            title: input.title,
            body: input.body,
          },
        );
        return { url: pr.html_url, number: pr.number };
      };
    }
    default:
      throw new InputError(
        `arlon.fleetRepo.writeMode is pullRequest, but ${
          new URL(repoUrl).host
        } has no GitHub, GitLab or Gitea integration to open pull requests with; add one under integrations, or use writeMode: commit`,
      );
  }
}

/** `https://host/acme/fleet.git` → owner acme, repo fleet, path acme/fleet. */
function repoPath(repoUrl: string) {
  const path = new URL(repoUrl).pathname
    .replace(/^\/+/, '')
    .replace(/\.git$/, '');
  const parts = path.split('/');
  return {
    owner: parts.slice(0, -1).join('/'),
    repo: parts[parts.length - 1],
    path,
  };
}

async function post(
  url: string,
  authorization: string | undefined,
  body: object,
): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(authorization ? { authorization } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const text = await res.text();
    throw new Error(
      `Opening the pull request failed: ${res.status} ${res.statusText} from ${
        new URL(url).host
      }${text ? `: ${text.slice(0, 300)}` : ''}`,
    );
  }
  return res.json();
}
