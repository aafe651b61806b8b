/**
 * Client addresses as numbers, and whether an address can have a country at all: loopback, private,
 * link-local, carrier-grade NAT and other non-public ranges never do (they say nothing about where the
 * client is), so they count as unknown.
 */
import net from 'node:net';

const NOT_PUBLIC = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv6');
}

export type ParsedAddress = { family: 4; value: number } | { family: 6; high: bigint };

/** IPv4, IPv6, and IPv4 mapped into IPv6 (`::ffff:1.2.3.4`, as dual-stack sockets report it). */
export function parseAddress(raw: string): ParsedAddress | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  const address = mapped?.[1] ?? raw;
  const family = net.isIP(address);
  if (family === 4) {
    if (NOT_PUBLIC.check(address, 'ipv4')) return null;
    const value = address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
    return { family: 4, value };
  }
  if (family === 6) {
    if (NOT_PUBLIC.check(address, 'ipv6')) return null;
    return { family: 6, high: ipv6High(address) };
  }
  return null;
}

/** The first 64 bits of an IPv6 address: allocations are never finer than that. */
function ipv6High(address: string): bigint {
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  let high = 0n;
  for (let i = 0; i < 4; i++) high = (high << 16n) | BigInt(parseInt(groups[i] ?? '0', 16) || 0);
  return high;
}
