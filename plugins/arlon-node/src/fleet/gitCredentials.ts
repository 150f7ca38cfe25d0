import {
  DefaultGithubCredentialsProvider,
  ScmIntegrationRegistry,
} from '@backstage/integration';

/** HTTP basic credentials for Git's smart HTTP protocol. */
export interface GitCredentials {
  username: string;
  password: string;
}

/**
 * Finds credentials for a Git URL in Backstage's `integrations` config, the way
 * the scaffolder does: GitHub (token or app), GitLab (token), Gitea (user and
 * password). Undefined means anonymous access.
 */
export function gitCredentialsFromIntegrations(
  integrations: ScmIntegrationRegistry,
): (url: string) => Promise<GitCredentials | undefined> {
  const github =
    DefaultGithubCredentialsProvider.fromIntegrations(integrations);
  return async url => {
    const integration = integrations.byUrl(url);
    switch (integration?.type) {
      case 'github': {
        const { token } = await github.getCredentials({ url });
        return token
          ? { username: 'x-access-token', password: token }
          : undefined;
      }
      case 'gitlab': {
        const token = integrations.gitlab.byUrl(url)?.config.token;
        return token ? { username: 'oauth2', password: token } : undefined;
      }
      case 'gitea': {
        const { username, password } =
          integrations.gitea.byUrl(url)?.config ?? {};
        return username && password ? { username, password } : undefined;
      }
      default:
        return undefined;
    }
  };
}
