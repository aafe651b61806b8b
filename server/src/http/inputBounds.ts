/**
 * The limits every service puts on what a client sends before any route runs, and the answers it gives
 * past them, in the service's own error shape:
 *
 * - the request line and headers together: 16 KB (Node's parser answers 431 before Fastify sees anything,
 *   so the socket-level handler writes that answer itself);
 * - the address: 8 KB (414);
 * - whatever Fastify refuses itself (undecodable addresses, bodies too large, unsupported or broken bodies,
 *   timeouts): its 4xx status with a sentence, never Fastify's own `{error, statusCode}` shape;
 * - redirects: a `Location` must stay on our own hosts (a path, or one of the configured origins); one that
 *   would not is answered as an error instead, whatever produced it;
 * - control characters (C0 and DEL, raw or percent-encoded) in the path: 400. No package name, version, file
 *   path or other address of ours has one, and letting `3.7.1%0d%0a` mean `3.7.1` would give one file many
 *   cache keys (the query is left alone: a search may hold any text).
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerFactory, FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config.ts';
import { registerMethods } from './methods.ts';
import { REFERRER_POLICY, registerReferrerPolicy } from './referrerPolicy.ts';
import { serviceServer, type AnswerFirst } from './serviceServer.ts';

export const MAX_HEADER_BYTES = 16 * 1024;
export const MAX_URL_LENGTH = 8 * 1024;
/** A request whose headers have not all arrived by then is dropped with a 408. */
export const HEADERS_TIMEOUT_MS = 30_000;

// Control characters are exactly what this finds, so the pattern names them.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]|%(?:[01][0-9a-f]|7f)/i;

/** Whether the path of an address (the query is not looked at) holds a control character, raw or percent-encoded. */
export function hasControlCharacter(url: string): boolean {
  const query = url.indexOf('?');
  return CONTROL_CHARACTER.test(query === -1 ? url : url.slice(0, query));
}

/** How a service writes an error: a content type and a body for a status and a sentence. */
export interface ErrorShape {
  contentType: string;
  body(status: number, message: string): string;
}

export const JSON_ERRORS: ErrorShape = {
  contentType: 'application/json; charset=utf-8',
  body: (status, message) => JSON.stringify({ status, message }),
};

export const TEXT_ERRORS: ErrorShape = {
  contentType: 'text/plain; charset=utf-8',
  body: (_status, message) => message,
};

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid: it contains an invalid percent-encoding.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body has a content type this address does not accept.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but says it is JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_BODY_INVALID: 'The request body could not be read.',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed.',
};

/** The status and sentence for an error Fastify raised itself (anything with a 4xx status and an FST_ code). */
export function frameworkAnswer(error: { code?: string; statusCode?: number }): { status: number; message: string } | null {
  const status = error.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  if (error.code === 'FST_ERR_BAD_URL') return { status: 400, message: FRAMEWORK_MESSAGES['FST_ERR_BAD_URL']! };
  const known = error.code !== undefined && Object.hasOwn(FRAMEWORK_MESSAGES, error.code) ? FRAMEWORK_MESSAGES[error.code] : undefined;
  if (known) return { status, message: known };
  if (error.code?.startsWith('FST_')) return { status, message: http.STATUS_CODES[status] ? `${http.STATUS_CODES[status]}.` : 'Bad request.' };
  return null;
}

/**
 * Server options every service is built with: its server (`serviceServer.ts`: connection turnover, and what
 * `answerFirst` answers before Fastify), header size, header timeout, the socket-level error answers, and how long
 * start-up may take.
 */
export function boundedServerOptions(
  shape: ErrorShape,
  answerFirst?: AnswerFirst,
): {
  serverFactory: FastifyServerFactory;
  http: http.ServerOptions;
  requestTimeout: number;
  pluginTimeout: number;
  clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']>;
} {
  return {
    serverFactory: serviceServer(answerFirst),
    http: { maxHeaderSize: MAX_HEADER_BYTES, headersTimeout: HEADERS_TIMEOUT_MS },
    requestTimeout: 120_000,
    // A process listens only once its warm-up (the search's query threads opening the index, the statistics
    // threads) is done, and Fastify holds plugins and onReady hooks to this limit. Its default, 10 s, was
    // missed on a busy machine: the process exited, was replaced, missed it again and never served.
    pluginTimeout: 120_000,
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, message] =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, `The request headers are too large: at most ${MAX_HEADER_BYTES / 1024} KB together with the address.`]
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'The request did not arrive in time.']
            : [400, 'The request is not valid HTTP.'];
      if (socket.writable) {
        const body = Buffer.from(shape.body(status, message));
        socket.write(
          `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\nReferrer-Policy: ${REFERRER_POLICY}\r\nContent-Type: ${shape.contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        socket.write(body);
      }
      socket.destroy();
    },
  };
}

export interface BoundsOptions {
  /** Writes an error in the service's shape (with its own headers: caching, CORS). */
  sendError(reply: FastifyReply, status: number, message: string): FastifyReply | void;
  /** Origins a redirect may point to besides a path on the same host: the deployment's own services. */
  ownOrigins: readonly string[];
  /** Addresses the operator's content sends visitors to (read when a redirect is answered: the content changes). */
  operatorLinks?: () => Promise<ReadonlyArray<string | null>>;
}

/** The public origins of the deployment's services: where a redirect may send a browser. */
export function ownOrigins(config: Pick<Config, 'services'>): string[] {
  return Object.values(config.services).map((service) => service.publicUrl);
}

/** A Location that stays on our hosts: a single-slash path, or an absolute URL of one of our origins. */
export function isOwnLocation(location: string, ownOrigins: readonly string[]): boolean {
  // Browsers read backslashes as slashes and skip tabs and newlines: `/\evil.com` and `//evil.com` leave.
  const cleaned = location.replace(/[\t\n\r]/g, '').replace(/\\/g, '/');
  if (cleaned.startsWith('/')) return !cleaned.startsWith('//');
  try {
    return ownOrigins.includes(new URL(cleaned).origin);
  } catch {
    return false;
  }
}

/**
 * The hooks of the bounds: the address length and characters, the framework's errors in our shape, redirects
 * kept home; and with them what every service answers alike (each in a module of its own): HEAD, 405 and
 * CONNECT (`methods.ts`), `Referrer-Policy` (`referrerPolicy.ts`). Call it before any route is added.
 */
export function registerInputBounds(app: FastifyInstance, options: BoundsOptions): void {
  registerMethods(app, options);
  registerReferrerPolicy(app);
  const own = options.ownOrigins.map((url) => {
    try {
      return new URL(url).origin;
    } catch {
      return url;
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    const length = (request.raw.url ?? '').length;
    if (length > MAX_URL_LENGTH) return options.sendError(reply, 414, `The address is too long: at most ${MAX_URL_LENGTH} characters, got ${length}.`);
    if (hasControlCharacter(request.raw.url ?? '')) {
      return options.sendError(
        reply,
        400,
        'Invalid address: it contains a control character (a line break, a tab or the like), which no name, version or path may hold.',
      );
    }
  });
  const checkRedirect = async (request: FastifyRequest, reply: FastifyReply, payload: unknown, location: string): Promise<unknown> => {
    if (isOwnLocation(location, own)) return payload;
    if (options.operatorLinks && (await options.operatorLinks()).includes(location)) return payload;
    request.log.error({ location }, 'a redirect away from our hosts was refused');
    reply.removeHeader('location');
    reply.code(404);
    reply.header('cache-control', 'no-store');
    return Buffer.from(shapeOf(reply).body(404, 'Not found.'));
  };
  // A callback hook: every answer passes here, and most are not redirects (no promise for them).
  app.addHook('onSend', (request, reply, payload, done) => {
    const location = reply.getHeader('location');
    if (reply.statusCode < 300 || reply.statusCode >= 400 || location === undefined) return done(null, payload);
    checkRedirect(request, reply, payload, String(location)).then((checked) => done(null, checked), done);
  });
}

function shapeOf(reply: FastifyReply): ErrorShape {
  const type = String(reply.getHeader('content-type') ?? '');
  return type.startsWith('application/json') ? JSON_ERRORS : TEXT_ERRORS;
}

/** A `frameworkErrors` handler answering in the service's shape. */
export function frameworkErrors(sendError: BoundsOptions['sendError']) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const answer = frameworkAnswer(error) ?? { status: 400, message: 'The request is not valid.' };
    void sendError(reply, answer.status, answer.message);
  };
}
