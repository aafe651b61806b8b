/**
 * The CDN's HTTP server, built for Fastify (its `serverFactory`): a request a warm answer exists for is
 * answered here, before routing and hooks; every other request goes to Fastify as usual.
 */
import http from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { WarmAnswers } from '../serve/warmAnswers.ts';

export function warmFirstServer(warm: WarmAnswers): FastifyServerFactory {
  return (handler, options) => {
    const server = http.createServer((options['http'] ?? {}) as http.ServerOptions, (request, response) => {
      if (!warm.serve(request, response)) handler(request, response);
    });
    // The settings Fastify gives a server it creates itself (its options, defaults filled in).
    server.keepAliveTimeout = Number(options['keepAliveTimeout']);
    server.requestTimeout = Number(options['requestTimeout']);
    server.setTimeout(Number(options['connectionTimeout']));
    const maxRequestsPerSocket = Number(options['maxRequestsPerSocket']);
    if (maxRequestsPerSocket > 0) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };
}
