import { embeddedIPv4 } from './embeddedIPv4';
import { ServerAddressPolicy } from './ServerAddressPolicy';

// Addresses that reach a denied IPv4 address through a translator or relay,
// or a deprecated range some hosts still route.
describe('ServerAddressPolicy, IPv4 inside IPv6', () => {
  const policy = new ServerAddressPolicy({ portalPorts: [7007] });

  it.each([
    ['64:ff9b::a9fe:a9fe', 'NAT64 of 169.254.169.254'],
    ['64:ff9b::169.254.169.254', 'NAT64, dotted tail'],
    ['64:ff9b:0:0:0:0:7f00:1', 'NAT64 of 127.0.0.1, written out'],
    ['2002:a9fe:a9fe::', '6to4 of 169.254.169.254'],
    ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
    ['fec0::1', 'site-local'],
  ])('refuses %s (%s)', address => {
    expect(policy.refusal(address, 6443)).toContain(
      'network the portal does not connect to',
    );
  });

  it("refuses the portal's port through NAT64 of loopback", () => {
    expect(policy.refusal('64:ff9b::7f00:1', 7007)).toContain(
      "portal's own port",
    );
  });

  it('allows NAT64 and 6to4 of ordinary remote addresses', () => {
    expect(policy.refusal('64:ff9b::a00:1', 6443)).toBeUndefined(); // 10.0.0.1
    expect(policy.refusal('2002:c000:201::1', 6443)).toBeUndefined(); // 192.0.2.1
  });
});

describe('embeddedIPv4', () => {
  it('reads the address inside NAT64 and 6to4, and nothing else', () => {
    expect(embeddedIPv4('64:ff9b::a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIPv4('2002:c000:201::')).toBe('192.0.2.1');
    expect(embeddedIPv4('64:ff9b:1::a9fe:a9fe')).toBeUndefined();
    expect(embeddedIPv4('2001:db8::1')).toBeUndefined();
    expect(embeddedIPv4('10.0.0.1')).toBeUndefined();
  });
});
