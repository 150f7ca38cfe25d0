import type { ObjectStore } from '../ObjectStore';
import { bodyObject, invalidRequest } from './invalidReview';
import { DEFAULT_AUDIENCE, TokenAuthenticator } from './tokens';

const GROUP = 'authentication.k8s.io';
/** Upstream's bounds (pkg/apis/authentication/validation): at least 10 minutes, at most 2^32 s. */
const MIN_SECONDS = 600;
const MAX_SECONDS = 2 ** 32;
/** What the API server defaults `spec.expirationSeconds` to. */
const DEFAULT_SECONDS = 3600;

/**
 * `POST /api/v1/namespaces/<ns>/serviceaccounts/<name>/token`: a TokenRequest
 * for an existing service account, answered with a signed token that this
 * server accepts as that account until it expires or the account is
 * deleted. What `kubectl create token <sa>` sends. Nothing is stored.
 */
export function tokenRequest(
  store: ObjectStore,
  tokens: TokenAuthenticator,
  namespace: string,
  name: string,
  body: string,
) {
  const request = bodyObject(body, 'TokenRequest');
  const fail = (field: string, message: string) =>
    invalidRequest('TokenRequest', GROUP, name, field, message);
  const meta = request.metadata ?? {};
  if (meta.name && meta.name !== name)
    throw fail(
      'metadata.name',
      `Invalid value: ${JSON.stringify(
        meta.name,
      )}: must match the service account name if specified`,
    );
  if (meta.namespace && meta.namespace !== namespace)
    throw fail(
      'metadata.namespace',
      `Invalid value: ${JSON.stringify(
        meta.namespace,
      )}: must match the service account namespace if specified`,
    );
  const spec = request.spec ?? {};
  if (typeof spec !== 'object' || Array.isArray(spec))
    throw fail('spec', 'Invalid value: must be an object');
  const seconds = spec.expirationSeconds ?? DEFAULT_SECONDS;
  if (!Number.isInteger(seconds))
    throw fail(
      'spec.expirationSeconds',
      `Invalid value: ${JSON.stringify(
        seconds,
      )}: must be a whole number of seconds`,
    );
  if (seconds < MIN_SECONDS)
    throw fail(
      'spec.expirationSeconds',
      `Invalid value: ${seconds}: may not specify a duration less than 10 minutes`,
    );
  if (seconds > MAX_SECONDS)
    throw fail(
      'spec.expirationSeconds',
      `Too long: may not specify a duration larger than 2^32 seconds`,
    );
  const audiences = spec.audiences ?? [];
  if (
    !Array.isArray(audiences) ||
    !audiences.every(a => typeof a === 'string' && a !== '')
  )
    throw fail(
      'spec.audiences',
      'Invalid value: must be a list of non-empty strings',
    );
  if (spec.boundObjectRef)
    throw fail(
      'spec.boundObjectRef',
      'Unsupported value: the sandbox does not bind tokens to objects',
    );
  // 404 `serviceaccounts "<name>" not found` when there is no such account.
  const account = store.get(
    store.type('', 'serviceaccounts')!,
    namespace,
    name,
  );
  const auds = audiences.length ? audiences : [DEFAULT_AUDIENCE];
  const minted = tokens.mint(
    { namespace, name, uid: account.metadata.uid },
    auds,
    seconds,
  );
  return {
    kind: 'TokenRequest',
    apiVersion: `${GROUP}/v1`,
    metadata: {
      ...(typeof meta.name === 'string' ? { name: meta.name } : {}),
      ...(typeof meta.namespace === 'string'
        ? { namespace: meta.namespace }
        : {}),
      creationTimestamp: null,
    },
    spec: { audiences: auds, expirationSeconds: seconds, boundObjectRef: null },
    status: {
      token: minted.token,
      expirationTimestamp: minted.expires
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
    },
  };
}
