import { BlockList, isIP } from 'node:net';
import { embeddedIPv4 } from './embeddedIPv4';

/**
 * Networks a workload cluster's API server may not be on unless
 * `arlon.security.allowedNetworks` says so: the portal host itself, link-local
 * (where cloud metadata services answer with the host's credentials), and
 * addresses that are not a single remote host.
 */
export const DEFAULT_DENIED_NETWORKS = [
  '0.0.0.0/8', // "this network": 0.0.0.0 reaches the portal host
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, incl. 169.254.169.254 (AWS, GCP, Azure metadata)
  '100.100.100.200/32', // Alibaba Cloud metadata
  '168.63.129.16/32', // Azure host services (WireServer)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, incl. 255.255.255.255
  '::/96', // unspecified, loopback, IPv4-compatible forms (::127.0.0.1)
  'fe80::/10', // link-local
  'fec0::/10', // site-local (deprecated, still routed on some hosts)
  'fd00:ec2::254/128', // AWS metadata over IPv6
  'ff00::/8', // multicast
];

export interface ServerAddressPolicyOptions {
  /** CIDRs or addresses allowed although a denied network covers them (the sandbox: 127.0.0.1/32). */
  allowedNetworks?: string[];
  /** CIDRs or addresses refused besides {@link DEFAULT_DENIED_NETWORKS}. */
  deniedNetworks?: string[];
  /** Ports of the portal host that are never a workload cluster, allowed network or not (its own listen port). */
  portalPorts?: number[];
  /** The portal host's own addresses (its interfaces); with `portalPorts`. */
  localAddresses?: string[];
}

/**
 * Which addresses a workload cluster's API server may have. Pure: the DNS
 * lookup and the interface list are the caller's.
 */
export class ServerAddressPolicy {
  private readonly denied = new BlockList();
  private readonly allowed = new BlockList();
  private readonly local = new BlockList();
  private readonly portalPorts: Set<number>;

  constructor(options: ServerAddressPolicyOptions = {}) {
    for (const cidr of [
      ...DEFAULT_DENIED_NETWORKS,
      ...(options.deniedNetworks ?? []),
    ])
      addNetwork(this.denied, cidr);
    for (const cidr of options.allowedNetworks ?? [])
      addNetwork(this.allowed, cidr);
    for (const cidr of ['0.0.0.0/8', '127.0.0.0/8', '::/96'])
      addNetwork(this.local, cidr);
    for (const address of options.localAddresses ?? [])
      addNetwork(this.local, address);
    this.portalPorts = new Set(options.portalPorts ?? []);
  }

  /**
   * Why `address` (an IP, as resolved) on `port` may not be connected to, or
   * undefined when it may. Never says more than which rule refused it.
   */
  refusal(address: string, port: number): string | undefined {
    const family = isIP(address);
    if (family === 0) return 'is not an IP address';
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (this.portalPorts.has(port) && this.local.check(address, type))
      return "is the portal's own port on the portal host";
    if (this.denied.check(address, type) && !this.allowed.check(address, type))
      return 'is in a network the portal does not connect to (loopback, link-local, metadata or arlon.security.deniedNetworks)';
    // NAT64 and 6to4 addresses are answered by the IPv4 address inside them.
    const inner = embeddedIPv4(address);
    return inner === undefined ? undefined : this.refusal(inner, port);
  }
}

/** Adds `a.b.c.d/n`, `x::y/n` or a single address to `list`, saying which entry is wrong. */
function addNetwork(list: BlockList, cidr: string) {
  const [address, bits, ...rest] = cidr.trim().split('/');
  const family = isIP(address);
  const maxPrefix = family === 4 ? 32 : 128;
  const prefix = bits === undefined ? maxPrefix : Number(bits);
  if (
    family === 0 ||
    rest.length ||
    !Number.isInteger(prefix) ||
    prefix < 0 ||
    prefix > maxPrefix
  )
    throw new Error(
      `"${cidr}" is not a network: write an address or address/prefix (10.0.0.0/8, fd00::/8)`,
    );
  list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
}

/** Checks a network entry from config; throws a message naming what is wrong. */
export function checkNetwork(cidr: string) {
  addNetwork(new BlockList(), cidr);
}
