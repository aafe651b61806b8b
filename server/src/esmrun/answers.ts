/**
 * How esm.run answers: plain text with a cache lifetime of its own, errors included. One module, so that the
 * service's error handling (plugins/http.ts) and its routes (plugins/shortLinkRoutes.ts) answer alike.
 */
import type { FastifyReply } from 'fastify';
import { TEXT_PLAIN } from '../http/contentTypes.ts';

/** Short: a short link may be pointed at another build format one day. */
export const REDIRECT_CACHE = 'public, max-age=3600, s-maxage=3600';
export const HOME_CACHE = 'public, max-age=86400, s-maxage=86400';
export const ERROR_CACHE = 'public, max-age=60, s-maxage=60';

export function sendText(reply: FastifyReply, status: number, body: string, cacheControl: string): FastifyReply {
  reply.header('content-type', TEXT_PLAIN);
  reply.header('cache-control', cacheControl);
  return reply.code(status).send(body);
}

export const sendError = (reply: FastifyReply, status: number, message: string): FastifyReply => sendText(reply, status, message, ERROR_CACHE);
