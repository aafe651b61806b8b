import type { FastifyServerOptions } from 'fastify';

/** Structured JSON logs (pino through Fastify), one line per event, with the service name on every line. */
export function loggerOptions(service: string, level: string): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    base: { service },
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
}
