/** Errors the purge service answers with: JSON `{ status, message }`, never cached, never a stack trace. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { frameworkAnswer } from '../../http/inputBounds.ts';

export class PurgeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PurgeError';
  }
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | PurgeError, request, reply) => {
    let status = 500;
    let message = 'Internal server error.';
    if (error instanceof PurgeError) {
      status = error.status;
      message = error.message;
    } else if (frameworkAnswer(error)) {
      ({ status, message } = frameworkAnswer(error)!);
    } else if (typeof error.statusCode === 'number' && error.statusCode < 500) {
      status = error.statusCode;
      message = error.message;
    }
    if (status >= 500) request.log.error({ err: error }, 'purge request failed');
    return reply.code(status).header('cache-control', 'no-store').send({ status, message });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .header('cache-control', 'no-store')
      .send({ status: 404, message: `Couldn't find the requested resource ${request.url.split('?')[0]}.` }),
  );
}
