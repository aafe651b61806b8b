/**
 * Whether a request came through our fronting CDN, so that the provider and country headers it carries can be
 * believed: its connection comes from a configured proxy address (an address or a CIDR block), or it carries
 * the configured shared secret. Anyone else can send those headers; for them the provider is our origin and
 * the country that of their address.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config/config.ts';

/** What the checks read of a request: its headers and its connection (a Fastify request or Node's own). */
export interface Requester {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string | undefined };
}

export type EdgeTrust = (request: Requester) => boolean;

function blockList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

export function createEdgeTrust(edge: Config['edgeHeaders']): EdgeTrust {
  const proxies = blockList(edge.trustedProxies);
  // Node compiles its IPv6 pattern on first use, about 10 ms here: now, at start-up, not in a first request.
  net.isIPv6('::1');
  const secret = edge.secret ? Buffer.from(edge.secret) : null;
  // A connection's address never changes: it is checked once per connection, not per request (a check
  // builds a socket address object, a visible cost for a small warm file).
  const fromProxy = new WeakMap<object, boolean>();
  const isProxy = (address: string): boolean => {
    if (!address) return false;
    // IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
    return proxies.check(plain, net.isIPv6(plain) ? 'ipv6' : 'ipv4');
  };
  return (request) => {
    let proxied = fromProxy.get(request.socket);
    if (proxied === undefined) {
      proxied = isProxy(request.socket.remoteAddress ?? '');
      fromProxy.set(request.socket, proxied);
    }
    if (proxied) return true;
    if (secret) {
      const sent = request.headers[edge.secretHeader];
      const value = Buffer.from(Array.isArray(sent) ? (sent[0] ?? '') : (sent ?? ''));
      return value.length === secret.length && crypto.timingSafeEqual(value, secret);
    }
    return false;
  };
}

/** The client's address: the first of X-Forwarded-For behind a trusted edge, the connection's otherwise. */
export function clientAddress(request: Requester, trusted: boolean): string | undefined {
  if (trusted) {
    const forwarded = request.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',', 1)[0]?.trim();
    if (first && net.isIP(first)) return first;
  }
  return request.socket.remoteAddress;
}
