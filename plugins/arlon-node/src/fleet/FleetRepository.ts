import git from 'isomorphic-git';
import http from 'isomorphic-git/http/node';
import type { FleetRepositoryHealth } from '@internal/backstage-plugin-arlon-common';
import type { FleetRepoConfig } from '../config/readArlonConfig';
import {
  describeConnectionError,
  withTimeout,
} from '../connection/describeConnectionError';
import type { GitCredentials } from './gitCredentials';

/**
 * The fleet repository: Git says what the fleet should be. This first cut
 * checks that the branch can be read with the configured credentials;
 * reading definitions and writing commits grow here.
 */
export class FleetRepository {
  constructor(
    /** Undefined when `arlon.fleetRepo` is not configured. */
    readonly config: FleetRepoConfig | undefined,
    private readonly credentials: (
      url: string,
    ) => Promise<GitCredentials | undefined>,
  ) {}

  async probe(timeoutMs = 5000): Promise<FleetRepositoryHealth> {
    if (!this.config) return { status: 'notConfigured' };
    const { url, branch } = this.config;
    const started = Date.now();
    const base = { url, branch };
    try {
      const auth = await this.credentials(url);
      const refs = await withTimeout(
        git.listServerRefs({
          http,
          url,
          prefix: `refs/heads/${branch}`,
          onAuth: auth ? () => auth : undefined,
        }),
        timeoutMs,
      );
      const head = refs.find(r => r.ref === `refs/heads/${branch}`);
      const latencyMs = Date.now() - started;
      if (!head) {
        return {
          ...base,
          status: 'unreachable',
          problem: {
            message: `the fleet repository at ${url} has no branch "${branch}"`,
            hint: 'Push the branch, or set arlon.fleetRepo.branch to an existing one.',
          },
          latencyMs,
        };
      }
      return { ...base, status: 'reachable', headCommit: head.oid, latencyMs };
    } catch (error) {
      return {
        ...base,
        status: 'unreachable',
        problem: describeConnectionError(error, {
          target: 'the fleet repository',
          url,
          configKey: 'arlon.fleetRepo.url',
          credentialsHint: `Add credentials for ${
            new URL(url).host
          } under integrations (a token with read access).`,
        }),
        latencyMs: Date.now() - started,
      };
    }
  }
}
