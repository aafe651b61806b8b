/**
 * The esm.run benchmark's frame (`shared/src/esm/benchmarkFrame.ts`): the one document of the site whose
 * policy lets scripts come from every package of our CDN and from the module CDNs the benchmark compares,
 * so that the site's own pages need allow neither. Its one inline script is allowed by its hash; it is
 * sandboxed whatever frames it (scripts only, an opaque origin), and only the site may frame it.
 */
import type { FastifyInstance } from 'fastify';
import { BENCHMARK_FRAME_DOCUMENT, BENCHMARK_FRAME_PATH, BENCHMARK_FRAME_SCRIPT } from '@skylift/shared/esm';
import { sendCacheable } from '../../http/conditional.ts';
import type { Config } from '../../config/config.ts';
import { esmToolOrigins, originOf, scriptHashSource } from './contentSecurityPolicy.ts';

export const BENCHMARK_FRAME_HASH = scriptHashSource(BENCHMARK_FRAME_SCRIPT);

export function benchmarkFramePolicy(config: Config): string {
  const cdn = originOf(config.services.cdn.publicUrl);
  const scripts = [BENCHMARK_FRAME_HASH, cdn ? `${cdn}/npm/` : null, ...esmToolOrigins(config).moduleCdns];
  return [
    "default-src 'none'",
    `script-src ${[...new Set(scripts.filter((source): source is string => !!source))].join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
    'sandbox allow-scripts',
  ].join('; ');
}

export function registerBenchmarkFrame(app: FastifyInstance, config: Config): void {
  const policy = benchmarkFramePolicy(config);
  app.get(BENCHMARK_FRAME_PATH, async (request, reply) => {
    // Set before the site's policy would be: the hook that gives pages theirs leaves a set one alone.
    reply.header('content-security-policy', policy);
    return sendCacheable(request, reply, { body: BENCHMARK_FRAME_DOCUMENT, contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache' });
  });
}
