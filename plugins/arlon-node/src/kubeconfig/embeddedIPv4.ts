import { isIPv6 } from 'node:net';

/**
 * The IPv4 address an IPv6 address carries inside it, where a translator or
 * relay would connect to that IPv4 address: NAT64's well-known prefix
 * (64:ff9b::/96) and 6to4 (2002::/16). Without this, `[64:ff9b::a9fe:a9fe]`
 * reaches 169.254.169.254 on a network with NAT64. Pure.
 */
export function embeddedIPv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  if (!groups) return undefined;
  const nat64 =
    groups[0] === 0x64 &&
    groups[1] === 0xff9b &&
    groups.slice(2, 6).every(g => g === 0);
  if (nat64) return dotted(groups[6], groups[7]);
  if (groups[0] === 0x2002) return dotted(groups[1], groups[2]);
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted tail read), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number);
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${(
      (c << 8) |
      d
    ).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const split = (part?: string) => (part ? part.split(':') : []);
  const left = split(head);
  const right = split(rest);
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? left.length !== 8 : missing < 0) return undefined;
  return [
    ...left,
    ...Array(rest === undefined ? 0 : missing).fill('0'),
    ...right,
  ].map(g => parseInt(g, 16));
}

function dotted(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}
