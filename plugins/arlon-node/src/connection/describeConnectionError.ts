import type { HealthProblem } from '@arlon-backstage/plugin-arlon-common';
import { isAbortError } from './requestTimeout';

/** Thrown by {@link withTimeout} when a call takes too long. */
export class TimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs / 1000} s`);
    this.name = 'TimeoutError';
  }
}

/** Runs `work`, giving up after `timeoutMs`. */
export async function withTimeout<T>(
  work: Promise<T>,
  timeoutMs: number,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface ConnectionContext {
  /** What we tried to reach, e.g. `management cluster "prod"`. */
  target: string;
  url: string;
  /** Config key the user edits to fix the address, e.g. `arlon.managementClusters[0]`. */
  configKey: string;
  /** What to check when credentials are refused. */
  credentialsHint: string;
}

/**
 * Turns an error from a network call (fetch, @kubernetes/client-node,
 * isomorphic-git) into a sentence a platform engineer can act on. Never
 * includes request headers, so tokens cannot leak into the message.
 */
export function describeConnectionError(
  error: unknown,
  ctx: ConnectionContext,
): HealthProblem {
  const { target, url } = ctx;
  if (error instanceof TimeoutError) {
    return {
      message: `${target} at ${url} did not answer within ${
        error.timeoutMs / 1000
      } s`,
      hint: 'Check that the address is reachable from the Backstage backend (network, firewall, proxy).',
    };
  }
  if (isAbortError(error)) {
    // A request limitRequestTime aborted at its deadline.
    return {
      message: `${target} at ${url} did not answer in time (the request was aborted)`,
      hint: 'Check that the address is reachable from the Backstage backend and that the server is not overloaded; arlon.limits.kubernetesTimeoutSeconds sets the limit.',
    };
  }
  const status = httpStatusOf(error);
  if (status === 401) {
    return {
      message: `${target} at ${url} refused the credentials (HTTP 401)`,
      hint: ctx.credentialsHint,
    };
  }
  if (status === 403) {
    return {
      message: `${target} at ${url} denied access (HTTP 403)`,
      hint: 'The credentials are valid but lack permission; grant the account read access.',
    };
  }
  if (status === 404) {
    return {
      message: `${target} at ${url} was not found (HTTP 404)`,
      hint: `Check the URL in ${ctx.configKey}.`,
    };
  }
  if (status !== undefined) {
    return { message: `${target} at ${url} answered HTTP ${status}` };
  }
  const code = systemCodeOf(error);
  switch (code) {
    case 'ECONNREFUSED':
      return {
        message: `${target} at ${url} refused the connection`,
        hint: `Check that it is running and that ${ctx.configKey} points at it.`,
      };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return {
        message: `the host of ${target} (${url}) could not be resolved`,
        hint: `Check the host name in ${ctx.configKey}.`,
      };
    case 'ECONNRESET':
      return {
        message: `${target} at ${url} closed the connection`,
        hint: 'Check for a proxy or a TLS/plain-HTTP mismatch in the URL scheme.',
      };
    default:
      break;
  }
  if (code && /CERT|SELF_SIGNED|TLS|SSL/.test(code)) {
    return {
      message: `the TLS certificate of ${target} at ${url} was not accepted (${code})`,
      hint: `Set ${ctx.configKey}.caData to the cluster's CA, or skipTLSVerify for development only.`,
    };
  }
  return {
    message: `${target} at ${url} could not be reached: ${firstLine(error)}`,
  };
}

function httpStatusOf(error: unknown): number | undefined {
  const e = error as any;
  // client-node's ApiException has `code`; isomorphic-git's HttpError has data.statusCode.
  const candidates = [e?.data?.statusCode, e?.statusCode, e?.response?.status];
  if (typeof e?.code === 'number') candidates.push(e.code);
  return candidates.find(c => typeof c === 'number' && c >= 400 && c < 600);
}

/** System error codes hide in `cause` chains (fetch wraps them). */
function systemCodeOf(error: unknown): string | undefined {
  let e = error as any;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[A-Z_]+$/.test(e.code)) return e.code;
    if (typeof e.errno === 'string') return e.errno;
    e = e.cause;
  }
  return undefined;
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0];
}
