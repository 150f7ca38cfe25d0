import git from 'isomorphic-git';
import type { FleetRepoConfig } from '../config/readArlonConfig';
import type { GitCredentials } from '../fleet/gitCredentials';
import { timedGitHttp } from '../fleet/timedGitHttp';

/**
 * Reads the fleet branch's head commit from the Git server with one ref
 * advertisement (`git ls-remote`): no objects are fetched, so it is cheap
 * enough to ask every few seconds. Each request has the Git deadline
 * (arlon.limits.gitTimeoutSeconds).
 */
export function remoteHead(
  config: Pick<FleetRepoConfig, 'url' | 'branch'>,
  credentials: (url: string) => Promise<GitCredentials | undefined>,
  gitTimeoutMs: number,
): () => Promise<string> {
  const http = timedGitHttp(gitTimeoutMs);
  const ref = `refs/heads/${config.branch}`;
  return async () => {
    const auth = await credentials(config.url);
    const refs = await git.listServerRefs({
      http,
      url: config.url,
      prefix: ref,
      // One request: protocol v1's ref advertisement answers the GET that
      // v2 needs before its ls-refs POST. A poll asks every few seconds on
      // every replica, so this halves its requests (and the forks of `git
      // http-backend` on a server like the sandbox's); the advertisement
      // lists every branch and tag, a few kB for a fleet repository.
      protocolVersion: 1,
      onAuth: auth ? () => auth : undefined,
    });
    const head = refs.find(r => r.ref === ref);
    if (!head)
      throw new Error(
        `the fleet repository at ${config.url} has no branch "${config.branch}" (arlon.fleetRepo.branch)`,
      );
    return head.oid;
  };
}
