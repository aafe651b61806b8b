/** The CDN's own Prometheus figures, registered in the service's registry (see observability). */
import { Counter, type Registry } from 'prom-client';

export interface CdnMetrics {
  requests: Counter<'kind' | 'status'>;
  derived: Counter<'artifact' | 'result'>;
  bytes: Counter<'kind'>;
}

export function createCdnMetrics(registry: Registry): CdnMetrics {
  return {
    requests: new Counter({
      name: 'cdn_requests_total',
      help: 'CDN requests answered, by kind of answer (file, generated, combine, listing, private-json, redirect, error, ...) and status.',
      labelNames: ['kind', 'status'] as const,
      registers: [registry],
    }),
    derived: new Counter({
      name: 'cdn_generated_cache_total',
      help: 'Lookups of generated files (compressed variants, minified files, combined files): hit when already built.',
      labelNames: ['artifact', 'result'] as const,
      registers: [registry],
    }),
    bytes: new Counter({
      name: 'cdn_bytes_sent_total',
      help: 'Body bytes sent by the CDN, by kind of answer.',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
  };
}
