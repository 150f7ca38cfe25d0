import dns, { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import os from 'node:os';
import { InputError } from '@backstage/errors';
import type { KubeConfig } from '@kubernetes/client-node';
import {
  ServerAddressPolicy,
  ServerAddressPolicyOptions,
} from './ServerAddressPolicy';

/** The policy for a config's options, with this host's interface addresses as the portal's own. */
export function serverAddressPolicy(
  options: Omit<ServerAddressPolicyOptions, 'localAddresses'> = {},
): ServerAddressPolicy {
  const localAddresses = Object.values(os.networkInterfaces())
    .flat()
    .flatMap(i => (i ? [i.address.replace(/%.*$/, '')] : []));
  return new ServerAddressPolicy({ ...options, localAddresses });
}

const ADMIN_HINT =
  "Give the API server's address as the portal reaches it over the network; an administrator can allow a network with arlon.security.allowedNetworks";

/** Host (without IPv6 brackets) and port (443 by default) of an https URL. */
function target(server: string): { host: string; port: number } {
  const url = new URL(server);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : 443,
  };
}

/**
 * Resolves `server`'s host and refuses it (InputError naming `field`) when any
 * address it resolves to is denied, before anything connects. The message
 * says that it was refused, never what answered or how: it must not make the
 * portal a port scanner.
 */
export async function checkWorkloadServer(
  server: string,
  field: string,
  policy: ServerAddressPolicy,
): Promise<void> {
  const { host, port } = target(server);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (
        await dns.promises.lookup(host, { all: true, verbatim: true })
      ).map(a => a.address);
    } catch {
      throw new InputError(
        `kubeconfig ${field}: ${server} is unreachable from the portal. ${ADMIN_HINT}.`,
      );
    }
  }
  for (const address of addresses) {
    const refusal = policy.refusal(address, port);
    if (refusal)
      throw new InputError(
        `kubeconfig ${field}: the portal does not connect to ${server}: ${
          isIP(host) ? 'the address' : 'an address it resolves to'
        } ${refusal}. ${ADMIN_HINT}.`,
      );
  }
}

/** The `code` of a {@link RefusedServerError}, and of the fetch error that wraps one. */
export const REFUSED_SERVER_CODE = 'EARLONREFUSED';

/** Raised at connection time when a server's address is denied (a DNS answer that changed since the check). */
export class RefusedServerError extends Error {
  /** Kept by node-fetch's FetchError (it copies a socket error's code), so the refusal is recognisable after wrapping. */
  readonly code = REFUSED_SERVER_CODE;

  constructor(reason = 'the server address is refused by arlon.security') {
    super(reason);
    this.name = 'RefusedServerError';
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * Makes every connection `kc` opens check where it goes, at connection time,
 * socket by socket (not once per agent):
 *
 * - a socket may only go to the host and port of the cluster's own server:
 *   a redirect (node-fetch, under client-node, follows them with the same
 *   agent) to any other host, address or port is refused when it connects,
 *   before a byte is sent;
 * - an IP-literal host is checked against `policy` with the socket's port
 *   (Node never calls `lookup` for a literal);
 * - a host name is resolved through a `lookup` that checks every address
 *   with the socket's port, so a name that resolved to an allowed address
 *   when checked and to a denied one later (DNS rebinding) is refused too.
 *
 * A redirect to another path on the same server is followed: the same
 * server could have answered there directly. Wraps client-node's agent
 * factory, as reuseConnections does.
 */
export function guardConnections(
  kc: KubeConfig,
  policy: ServerAddressPolicy,
): KubeConfig {
  const hooks = kc as unknown as {
    createAgent?: (cluster: { server?: string }, options: object) => unknown;
  };
  const create = hooks.createAgent?.bind(kc);
  if (!create) throw new Error('client-node has no createAgent to guard');
  hooks.createAgent = (cluster, options) => {
    const server = target(cluster.server ?? '');
    if (isIP(server.host) && policy.refusal(server.host, server.port))
      throw new RefusedServerError();
    const agent = create(cluster, {
      ...options,
      lookup: checkedLookup(policy, server.port),
    }) as Agent;
    return guardAgent(agent, server, policy);
  };
  return kc;
}

/** A `lookup` that refuses a name when any address it resolves to is denied on `port`. */
function checkedLookup(policy: ServerAddressPolicy, port: number) {
  return (
    hostname: string,
    lookupOptions: LookupOptions,
    callback: LookupCallback,
  ) =>
    dns.lookup(hostname, { ...lookupOptions, all: true }, (error, all) => {
      if (error) return callback(error, []);
      if (all.length === 0 || all.some(a => policy.refusal(a.address, port)))
        return callback(new RefusedServerError(), []);
      if (lookupOptions?.all) return callback(null, all);
      return callback(null, all[0].address, all[0].family);
    });
}

type Agent = {
  createConnection: (
    options: { host?: string; hostname?: string; port?: number | string },
    callback: (error: Error | null, socket?: unknown) => void,
  ) => unknown;
};

/** Checks every socket `agent` opens: same host and port as the server, address allowed on that port. */
function guardAgent(
  agent: Agent,
  server: { host: string; port: number },
  policy: ServerAddressPolicy,
): Agent {
  if (typeof agent?.createConnection !== 'function')
    throw new Error('client-node made an agent without createConnection');
  const connect = agent.createConnection.bind(agent);
  agent.createConnection = (options, callback) => {
    const host = String(options.host ?? options.hostname ?? '')
      .toLowerCase()
      .replace(/^\[|\]$/g, '');
    const port = options.port ? Number(options.port) : 443;
    // Through the callback: the request fails with the error, nothing connects.
    if (host !== server.host || port !== server.port) {
      callback(
        new RefusedServerError(
          'the API server redirected to another address; the portal follows no redirect off the server',
        ),
      );
      return undefined;
    }
    if (isIP(host) && policy.refusal(host, port)) {
      callback(new RefusedServerError());
      return undefined;
    }
    return connect(
      { ...options, lookup: checkedLookup(policy, port) } as typeof options,
      callback,
    );
  };
  return agent;
}
