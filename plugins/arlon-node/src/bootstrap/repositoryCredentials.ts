import type { Config } from '@backstage/config';
import { ScmIntegrations } from '@backstage/integration';
import { gitCredentialsFromIntegrations } from '../fleet/gitCredentials';
import type { GitCredentials } from '../fleet/gitCredentials';

/**
 * ArgoCD's credentials for the fleet repository, from the same
 * `integrations` the portal clones it with. A GitHub App's installation
 * token expires within the hour: give ArgoCD a token of its own (or its
 * GitHub App settings) when the integration is an App.
 */
export function repositoryCredentialsFromConfig(
  config: Config,
): (url: string) => Promise<GitCredentials | undefined> {
  return gitCredentialsFromIntegrations(ScmIntegrations.fromConfig(config));
}
