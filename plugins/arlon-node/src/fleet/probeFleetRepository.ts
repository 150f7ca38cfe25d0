import git from 'isomorphic-git';
import type { FleetRepositoryHealth } from '@arlon-backstage/plugin-arlon-common';
import type { FleetRepoConfig } from '../config/readArlonConfig';
import {
  describeConnectionError,
  withTimeout,
} from '../connection/describeConnectionError';
import type { GitCredentials } from './gitCredentials';
import { timedGitHttp } from './timedGitHttp';

/**
 * Whether the fleet repository answers and has its branch (one ref
 * advertisement, nothing fetched): the health the portal shows.
 */
export async function probeFleetRepository(
  config: FleetRepoConfig | undefined,
  credentials: (url: string) => Promise<GitCredentials | undefined>,
  timeoutMs: number,
): Promise<FleetRepositoryHealth> {
  if (!config) return { status: 'notConfigured' };
  const { url, branch } = config;
  const started = Date.now();
  const base = { url, branch };
  try {
    const auth = await credentials(url);
    const refs = await withTimeout(
      git.listServerRefs({
        http: timedGitHttp(timeoutMs + 1000),
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
