import { ServiceUnavailableError } from '@backstage/errors';
import { describeConnectionError } from '../connection/describeConnectionError';
import { GitTimeoutError } from './timedGitHttp';

/** Network failures that mean the Git server is not there, rather than a mistake in the request. */
const UNREACHABLE =
  /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH)$/;

/**
 * Runs a Git operation on the fleet repository at `url`; a server that does
 * not answer in time, or is not there, is a 503 that says what to check.
 */
export async function fleetGit<T>(
  url: string,
  what: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GitTimeoutError)
      throw new ServiceUnavailableError(
        `The fleet repository at ${url} did not answer within ${
          error.timeoutMs / 1000
        } s (git ${what}); ${
          what === 'push'
            ? 'the commit may or may not have reached it: reload before trying again'
            : 'nothing was changed'
        }. Check that the Git server is up and reachable from the Backstage backend; arlon.limits.gitTimeoutSeconds sets the limit.`,
      );
    if (UNREACHABLE.test((error as any)?.code ?? '')) {
      const { message, hint } = describeConnectionError(error, {
        target: 'the fleet repository',
        url,
        configKey: 'arlon.fleetRepo.url',
        credentialsHint: '',
      });
      throw new ServiceUnavailableError(`${message} (git ${what}). ${hint}`);
    }
    throw error;
  }
}
