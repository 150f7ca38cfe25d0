import {
  Configuration,
  HttpMethod,
  KubeConfig,
  RequestContext,
} from '@kubernetes/client-node';
import { requestTimeoutOf } from '../connection/requestTimeout';

/**
 * How long one authentication serves a cluster's requests. client-node
 * authenticates each request anew: it decodes the CA and any client
 * certificate, asks the token's authenticator, builds the TLS options and
 * looks the kept-alive agent up by them, about a twentieth of a pre-flight's
 * CPU at 2,000 requests. client-go reads a token file at most once a minute;
 * ten seconds keeps a rotated token's delay well under that, and a 401
 * forgets the authentication at once (forgetAuthentication).
 */
export const AUTHENTICATION_REUSE_MS = 10_000;

/** What client-node's authentication put on a request: the same for every request of a configuration. */
interface Authentication {
  headers: Record<string, string>;
  agent: ReturnType<RequestContext['getAgent']>;
  /** The per-request deadline limitRequestTime gives, made anew for each request. */
  timeoutMs?: number;
}

interface Remembered {
  at: number;
  /** Undefined when this configuration's authentication cannot be reused (see learn). */
  authentication: Promise<Authentication | undefined>;
}

const remembered = new WeakMap<Configuration, Remembered>();

type AuthMethod = {
  applySecurityAuthentication?(context: RequestContext): Promise<void> | void;
};

/** As KubernetesObjectApi authenticates each request: the bearer token method, then the KubeConfig. */
async function authenticateAsClientNode(
  configuration: Configuration,
  context: RequestContext,
) {
  const { BearerToken, default: kubeConfig } =
    configuration.authMethods as Record<string, AuthMethod | undefined>;
  await BearerToken?.applySecurityAuthentication?.(context);
  await kubeConfig?.applySecurityAuthentication?.(context);
}

/**
 * Authenticates `context` as client-node would, reusing what the
 * configuration's authentication gave a request in the last
 * AUTHENTICATION_REUSE_MS (headers and agent; the deadline is made anew).
 */
export async function authenticate(
  configuration: Configuration,
  context: RequestContext,
  now: number = Date.now(),
): Promise<void> {
  let entry = remembered.get(configuration);
  if (!entry || now - entry.at >= AUTHENTICATION_REUSE_MS || now < entry.at) {
    entry = { at: now, authentication: learn(configuration) };
    remembered.set(configuration, entry);
    // A failed authentication is not remembered: the next request tries again.
    const failed = entry;
    failed.authentication.catch(() => {
      if (remembered.get(configuration) === failed)
        remembered.delete(configuration);
    });
  }
  const authentication = await entry.authentication;
  if (!authentication) {
    await authenticateAsClientNode(configuration, context);
    return;
  }
  for (const [name, value] of Object.entries(authentication.headers))
    context.setHeaderParam(name, value);
  if (authentication.agent) context.setAgent(authentication.agent);
  if (authentication.timeoutMs !== undefined)
    context.setSignal(AbortSignal.timeout(authentication.timeoutMs));
}

/** The next request authenticates afresh: the server refused the credentials (a rotated token). */
export function forgetAuthentication(configuration: Configuration) {
  remembered.delete(configuration);
}

/**
 * What authentication puts on a request, read off a blank one. Not reusable
 * (undefined) when it did anything a header and an agent cannot say again:
 * changed the URL, or set a signal other than limitRequestTime's deadline,
 * or when the credential has an expiry of its own (an exec plugin or auth
 * provider).
 */
async function learn(
  configuration: Configuration,
): Promise<Authentication | undefined> {
  const { default: kubeConfig } = configuration.authMethods as Record<
    string,
    unknown
  >;
  // An exec plugin or auth provider (EKS, GKE, OIDC) gives a credential
  // until its own expiry, which client-node checks on each request: reused
  // past it, every request of the window would carry a refused token. Not
  // the in-cluster token file (loadFromCluster), which client-node itself
  // reads once a minute and the kubelet renews long before it expires.
  const user =
    kubeConfig instanceof KubeConfig ? kubeConfig.getCurrentUser() : null;
  const provider = user?.authProvider;
  const tokenFile = provider?.name === 'tokenFile' && !provider.config?.exec;
  if (user?.exec || (provider && !tokenFile)) return undefined;
  const blank = configuration.baseServer.makeRequestContext(
    '/',
    HttpMethod.GET,
  );
  const url = blank.getUrl();
  await authenticateAsClientNode(configuration, blank);
  if (blank.getUrl() !== url) return undefined;
  const timeoutMs =
    kubeConfig instanceof KubeConfig ? requestTimeoutOf(kubeConfig) : undefined;
  if (blank.getSignal() && timeoutMs === undefined) return undefined;
  return {
    headers: { ...blank.getHeaders() },
    agent: blank.getAgent(),
    timeoutMs,
  };
}
