/**
 * `Referrer-Policy` on every answer of every service: a page of ours that links elsewhere (a README's
 * links, a listing, the documentation) then tells the other site at most our origin, never the path and
 * query that were asked for, whatever the browser's own default.
 */
import type { FastifyInstance } from 'fastify';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** Adds the header to every answer that has not set a stricter one itself. */
export function registerReferrerPolicy(app: FastifyInstance, policy: string = REFERRER_POLICY): void {
  // A callback hook, as the other per-answer hooks of the services: no promise per answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', policy);
    done(null, payload);
  });
}
