/**
 * The network a client address belongs to, for limits that must not be dodged by switching
 * addresses within one allocation: an IPv4 address stands for itself, an IPv6 address for its
 * /64 (one home or one server usually holds a whole /64), an IPv4-mapped IPv6 address for the
 * IPv4 address inside it.
 */
import { BlockList, isIP } from 'node:net';

/** `203.0.113.7` → `203.0.113.7`; `2001:db8:1:2:3:4:5:6` → `2001:db8:1:2::/64`; anything else unchanged (lower case). */
export function networkOf(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  const version = isIP(address);
  if (version !== 6) return address;
  const groups = expandIPv6(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a trailing dotted quad resolved). */
function expandIPv6(address: string): number[] {
  let text = address;
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const zeros = Array.from({ length: 8 - front.length - back.length }, () => 0);
  return [...front, ...zeros, ...back];
}

const PRIVATE = new BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
// Carrier-grade NAT space: some clusters give pods addresses here.
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');

/** Loopback, RFC 1918, CGNAT or IPv6 unique-local (an IPv4-mapped address counts as its IPv4 one): inside the deployment. */
export function isPrivateAddress(ip: string): boolean {
  const address = networkOf(ip);
  if (isIP(address) === 4) return PRIVATE.check(address, 'ipv4');
  const plain = ip.trim().toLowerCase().replace(/%.*$/, '');
  return isIP(plain) === 6 && PRIVATE.check(plain, 'ipv6');
}
