import { describeConnectionError } from '../connection/describeConnectionError';
import { GitTimeoutError } from '../fleet/timedGitHttp';
import { LibraryRefMissing, LibraryTooLarge } from './LibraryCheckout';
import type { LibraryConfig } from './readLibrariesConfig';

/**
 * Why a library could not be read, in words built from the configuration,
 * HTTP status and error codes only: never the Git server's own text, which
 * validation shows to every reader of a profile.
 */
export function describeLibraryFailure(
  error: unknown,
  library: LibraryConfig,
  index: number,
): string {
  const target = `library "${library.name}"`;
  const at = `${target} at ${library.url}`;
  if (error instanceof LibraryRefMissing || error instanceof LibraryTooLarge)
    return `${at} ${error.message}`;
  if (error instanceof GitTimeoutError)
    return `${at} did not answer within ${
      error.timeoutMs / 1000
    } s (arlon.limits.gitTimeoutSeconds)`;
  const { message } = describeConnectionError(error, {
    target,
    url: library.url,
    configKey: `arlon.libraries[${index}].url`,
    credentialsHint: '',
  });
  if (!message.startsWith(`${at} could not be reached:`)) return message;
  const code = (error as any)?.code;
  return `${at} could not be read (${
    typeof code === 'string' && /^[A-Za-z_]{1,40}$/.test(code)
      ? code
      : 'unknown error'
  })`;
}
