/**
 * Error answers: short plain text with the right status, the common headers and a 60-second cache, never
 * a stack trace. PackageError carries the status and the service's exact wording (and, logged for a 5xx, its
 * cause); anything unexpected is logged and becomes a generic 500 (or 502 when an upstream connection failed).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { PackageError } from '../../packages/types.ts';
import { applyCommonHeaders } from '../../http/commonHeaders.ts';
import { CACHE_CONTROL } from './headers.ts';
import { TEXT_PLAIN } from './contentType.ts';
import { frameworkAnswer } from '../../http/inputBounds.ts';
import { ClientOverBudget } from '../../admission/fairQueue.ts';

export function sendError(reply: FastifyReply, status: number, message: string, cacheControl: string = CACHE_CONTROL.error): FastifyReply {
  applyCommonHeaders(reply);
  reply.removeHeader('content-encoding');
  reply.removeHeader('content-range');
  reply.removeHeader('etag');
  reply.removeHeader('accept-ranges');
  reply.removeHeader('content-length');
  reply.header('cache-control', cacheControl);
  reply.header('content-type', TEXT_PLAIN);
  return reply.code(status).send(message);
}

const UPSTREAM_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET', 'EPIPE']);

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof PackageError) {
    // An upstream failing, or too much at once here: the answer says which in the service's words, the log line
    // what went wrong (its cause: a reset, the upstream's status, a digest that did not match).
    if (error.status >= 500) request.log.warn({ err: error }, 'answered with an upstream failure or refusal');
    return sendError(reply, error.status, error.message);
  }
  if (error instanceof ClientOverBudget) {
    // Said to this client about its own backlog: no cache may answer another client with it.
    reply.header('retry-after', String(error.retryAfterSeconds));
    return sendError(reply, error.status, error.message, 'no-store');
  }
  const framework = frameworkAnswer(error as FastifyError);
  if (framework) return sendError(reply, framework.status, framework.message);
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return sendError(reply, status, status === 404 ? 'Not found.' : 'Bad request.');
  }
  request.log.error({ err: error }, 'unexpected error while serving a CDN request');
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return sendError(reply, 504, 'The upstream did not answer in time.');
  const code = (error as NodeJS.ErrnoException).code ?? (error.cause as NodeJS.ErrnoException | undefined)?.code;
  if (code && UPSTREAM_CODES.has(code)) return sendError(reply, 502, 'The upstream could not be reached.');
  return sendError(reply, 500, 'An internal error occurred while serving this file.');
}
