/**
 * Who a request is from, for fair admission (`../admission/fairQueue.ts`): the address of the client, which is
 * the first of X-Forwarded-For when the request came through the trusted edge (a configured proxy address or
 * the edge secret; `edgeTrust.ts`), the connection's address otherwise. Anyone else can write that header,
 * so it is believed from no one else. An IPv6 client is keyed by its /64: one host commonly holds a whole
 * /64, and would otherwise get as many budgets as it likes.
 */
import net from 'node:net';
import type { Config } from '../config/config.ts';
import { clientAddress, createEdgeTrust, type Requester } from './edgeTrust.ts';

export type ClientKey = (request: Requester) => string;

/** The key of an address: IPv4 as it is (IPv4-mapped IPv6 unwrapped), IPv6 by its first four groups. */
export function addressKey(address: string): string {
  if (address.startsWith('::ffff:') && net.isIPv4(address.slice(7))) return address.slice(7);
  if (!net.isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  // `::` stands for as many zero groups as the address leaves out.
  const groups = address.includes('::') ? [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back] : front;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

export function createClientKey(edge: Config['edgeHeaders']): ClientKey {
  const trusted = createEdgeTrust(edge);
  return (request) => addressKey(clientAddress(request, trusted(request)) ?? '');
}
