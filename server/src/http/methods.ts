/**
 * The HTTP methods every service answers the same way:
 *
 * - `HEAD` wherever `GET` is answered, also in apps that declare their routes' methods themselves
 *   (`exposeHeadRoutes: false`), so that a monitor's `HEAD /healthz` is not a 404;
 * - a method no route of a known address takes: 405 with `Allow` (the methods that address does take), in
 *   the service's error shape, rather than a 404 that says the address does not exist;
 * - `CONNECT`: Node's server drops such a connection without a word unless something listens for it, so
 *   the request is handed to the app like any other and answered 405, then the connection is closed.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, HTTPMethods } from 'fastify';

/** The methods a route of ours may take, in the order `Allow` lists them. */
const KNOWN_METHODS: readonly HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export interface MethodsOptions {
  /** Writes an error in the service's shape (with its own headers: caching, CORS). */
  sendError(reply: FastifyReply, status: number, message: string): FastifyReply | void;
}

/** What a CONNECT is told it may use instead: no address of ours is a proxy. */
const INSTEAD_OF_CONNECT: readonly HTTPMethods[] = ['GET', 'HEAD', 'OPTIONS'];

/** The methods some route takes at this address (a path, with or without its query); none for an unknown one. */
export function allowedMethods(app: FastifyInstance, url: string): HTTPMethods[] {
  const path = url.split('?', 1)[0] ?? '/';
  const allowed = KNOWN_METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
  // Every address takes OPTIONS where CORS preflights are answered for all: that alone makes no address known.
  return allowed.some((method) => method !== 'OPTIONS') ? allowed : [];
}

/** Registers the three behaviours; call it before any route is added (the HEAD routes are made as routes are). */
export function registerMethods(app: FastifyInstance, options: MethodsOptions): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Where the framework also adds a HEAD route of its own (`exposeHeadRoutes`), it drops it as a duplicate.
    if (methods.includes('GET') && !methods.includes('HEAD')) route.method = [...methods, 'HEAD'];
  });

  // A route's handler runs for HEAD as for GET: the answer keeps the length its body would have and sends no
  // body. Node's server drops such a body on the wire anyway; without this, `inject()` and any other
  // in-process caller would still see it.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'HEAD' || payload === null || payload === undefined) return done(null, payload);
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      if (!reply.hasHeader('content-length')) reply.header('content-length', Buffer.byteLength(payload));
    } else if (typeof (payload as { destroy?: unknown }).destroy === 'function') {
      (payload as { destroy(): void }).destroy();
    }
    done(null, null);
  });

  app.addHook('onRequest', (request, reply, done) => {
    // Only what no route took: a known address asked with a method it does not take, or CONNECT.
    if (!request.is404 || request.method === 'OPTIONS') return done();
    const allowed = request.method === 'CONNECT' ? INSTEAD_OF_CONNECT : allowedMethods(app, request.url);
    if (allowed.length === 0) return done();
    reply.header('allow', allowed.join(', '));
    void options.sendError(reply, 405, `The method ${request.method} is not allowed here; this address takes ${allowed.join(', ')}.`);
  });

  app.server.on('connect', (request: http.IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    const response = new http.ServerResponse(request);
    response.shouldKeepAlive = false;
    // The socket of an HTTP request is a net.Socket; the event types it as the Duplex it is declared as.
    response.assignSocket(socket as Socket);
    response.on('finish', () => socket.end());
    app.routing(request, response);
  });
}
