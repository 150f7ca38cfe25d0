import { createHash } from 'node:crypto';
import tls from 'node:tls';

/** TLS contexts kept: one per cluster CA and client certificate in use, the oldest dropped first. */
const LIMIT = 256;

/**
 * What a secure context is made of (tls.createSecureContext's options): the
 * trust, the client identity and the protocol's settings, never the server's
 * name or a token. Every one of them: with a secureContext given, Node takes
 * none from the connection's options, so one left out here would be dropped.
 */
const CONTEXT_FIELDS = [
  'ca',
  'cert',
  'key',
  'pfx',
  'passphrase',
  'crl',
  'ciphers',
  'ecdhCurve',
  'dhparam',
  'honorCipherOrder',
  'minVersion',
  'maxVersion',
  'sigalgs',
  'privateKeyEngine',
  'privateKeyIdentifier',
  'clientCertEngine',
  'allowPartialTrustChain',
  'secureOptions',
  'secureProtocol',
  'sessionIdContext',
  'sessionTimeout',
  'ticketKeys',
] as const;

const contexts = new Map<string, tls.SecureContext>();

/**
 * The TLS context for `options`' CA and client certificate, made once and
 * shared by every agent with the same ones. Without it each new connection
 * builds its own (parsing the CA and key: about 1.4 ms, most of a
 * connection's cost to a cluster a few hops away), and registering a cluster
 * opens connections from two clients (ArgoCD's account, the viewer's).
 * Verification stays per connection (rejectUnauthorized, servername and the
 * checks of guardConnections are connection options, not the context's).
 * Keyed by a digest of the material, so key text is not kept as a map key.
 */
export function sharedSecureContext(
  options: Record<string, unknown>,
): tls.SecureContext {
  const material = CONTEXT_FIELDS.map(f => [f, options[f]]).filter(
    ([, v]) => v !== undefined,
  );
  const key = createHash('sha256')
    .update(JSON.stringify(material))
    .digest('hex');
  let context = contexts.get(key);
  if (context) {
    // Most recently used last: the map's order is the eviction order.
    contexts.delete(key);
  } else {
    context = tls.createSecureContext(
      Object.fromEntries(material) as tls.SecureContextOptions,
    );
    if (contexts.size >= LIMIT)
      contexts.delete(contexts.keys().next().value as string);
  }
  contexts.set(key, context);
  return context;
}
