/**
 * The HTTP server every service runs on (Fastify's `serverFactory`, through `boundedServerOptions`): Fastify's own
 * settings, an optional handler that answers before Fastify (the CDN's warm answers), and connection turnover.
 *
 * Turnover: a kept-alive connection is closed after MAX_REQUESTS_PER_CONNECTION answers (`Connection: close` on
 * the last one), and the client opens another. The processes of a service accept on one shared socket, and a
 * connection stays with the process that accepted it for as long as it lives: connections opened while one process
 * was up (a start, the replacement of a killed process still warming up) stayed there, and a soak with 64 kept-alive
 * connections had 60 on one CDN process and 4 on the other, one core serving while the other idled. A new
 * connection goes to whichever process accepts first, which is the one that is not busy; with turnover, the
 * connections spread again within a hundred answers of each.
 *
 * Not Node's `maxRequestsPerSocket`: it answers 503 to requests pipelined past the limit. Here they are left
 * unanswered on the closing connection, which tells a pipelining client to send them again on a new one.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerFactory } from 'fastify';

/** As nginx's `keepalive_requests` was by default (100) before it became 1000: a reconnect per hundred answers costs nothing measurable. */
export const MAX_REQUESTS_PER_CONNECTION = 100;

/** Fastify's handler of a request. */
type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/**
 * Answers a request before Fastify sees it: true when it took the request. One it took may still be handed to
 * Fastify later, once, with `otherwise(request, response)` (an answer that needed a read from disk, and found the
 * file gone). Fastify's handler itself, so that no request pays for a closure.
 */
export type AnswerFirst = (request: http.IncomingMessage, response: http.ServerResponse, otherwise: Handler) => boolean;

const answered = new WeakMap<Socket, number>();

/** Counts an answer on its connection, and makes it the connection's last at the limit. */
function turnOver(request: http.IncomingMessage, response: http.ServerResponse): void {
  const count = (answered.get(request.socket) ?? 0) + 1;
  answered.set(request.socket, count);
  if (count >= MAX_REQUESTS_PER_CONNECTION) response.shouldKeepAlive = false;
}

export function serviceServer(answerFirst?: AnswerFirst): FastifyServerFactory {
  return (handler, options) => {
    const server = http.createServer((options['http'] ?? {}) as http.ServerOptions, (request, response) => {
      turnOver(request, response);
      if (!answerFirst?.(request, response, handler)) handler(request, response);
    });
    // The settings Fastify gives a server it creates itself (its options, defaults filled in).
    server.keepAliveTimeout = Number(options['keepAliveTimeout']);
    server.requestTimeout = Number(options['requestTimeout']);
    server.setTimeout(Number(options['connectionTimeout']));
    return server;
  };
}
