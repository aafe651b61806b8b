/**
 * Headers every answer of the CDN and of esm.run carries (errors and redirects included), so that a page or
 * a module script on any origin may read what it fetched, or follow the redirect to it.
 */
import type { FastifyReply } from 'fastify';

const COMMON: ReadonlyArray<[string, string]> = [
  // Also set by the CORS plugin; here too for answers the router gives before any hook runs (malformed URLs).
  ['access-control-allow-origin', '*'],
  ['timing-allow-origin', '*'],
  ['cross-origin-resource-policy', 'cross-origin'],
  ['x-content-type-options', 'nosniff'],
];

export function applyCommonHeaders(reply: FastifyReply): void {
  for (const [name, value] of COMMON) reply.header(name, value);
}
