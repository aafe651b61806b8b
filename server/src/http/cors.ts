/**
 * CORS of the public services, from `@fastify/cors`: any origin may read, preflights are answered for every
 * path with whatever request headers the browser asks for, and the browser may remember that for a day.
 * `Retry-After` is always readable by scripts.
 */
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface PublicCorsOptions {
  /** Methods a preflight allows (GET, HEAD and OPTIONS by default: the services are read-only). */
  methods?: readonly string[];
  /** Response headers scripts of other origins may read. */
  exposedHeaders?: readonly string[];
  /** Cache-Control of a preflight answer (a day, at the edge too, by default). */
  preflightCacheControl?: string;
  /** Only addresses whose path passes this get CORS (all by default). */
  onlyFor?: (pathname: string) => boolean;
}

const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/**
 * Exposed by every service: a refusal past a rate limit or a client's budget (429, 503) says when to try
 * again, and a page on another origin can only tell its user that when the browser lets it read the header.
 */
const ALWAYS_EXPOSED = ['Retry-After'];

export async function registerPublicCors(app: FastifyInstance, options: PublicCorsOptions = {}): Promise<void> {
  const corsOptions = {
    origin: '*',
    methods: [...(options.methods ?? ['GET', 'HEAD', 'OPTIONS'])],
    exposedHeaders: [...ALWAYS_EXPOSED, ...(options.exposedHeaders ?? [])],
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    cacheControl: options.preflightCacheControl ?? `public, max-age=${PREFLIGHT_MAX_AGE_SECONDS}, s-maxage=${PREFLIGHT_MAX_AGE_SECONDS}`,
    // Clients, probes and edges send bare OPTIONS requests too: answer them like a browser's preflight.
    strictPreflight: false,
  };
  const { onlyFor } = options;
  await app.register(
    cors,
    onlyFor
      ? { delegator: async (request: FastifyRequest) => ({ ...corsOptions, origin: onlyFor(request.url.split('?', 1)[0] ?? '/') ? '*' : false }) }
      : corsOptions,
  );
}
