/**
 * Health, readiness and Prometheus metrics for a service. Each app gets its own metrics registry so that
 * several services in one process do not mix their figures; /metrics answers in the text exposition format.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { restartCounts } from '../ipc/restartCounts.ts';
import { memoryCacheGauges, type MemoryCaches } from './memoryCaches.ts';
import { threadHeapGauges } from './threadHeapGauges.ts';

export interface ObservabilityOptions {
  service: string;
  /** Resolves false (or throws) while the service cannot yet answer real requests. */
  isReady?: () => boolean | Promise<boolean>;
  /**
   * Also collect the process's own metrics: resident memory, heap, open descriptors, event loop delay (default
   * true). Each service of the launcher runs in processes of its own, so each has them; a test building many
   * apps in one process may leave them out.
   */
  processMetrics?: boolean;
}

/** Counts an answer in the HTTP metrics; for answers given before the framework (see the CDN's warm answers). */
export type CountAnswer = (method: string, route: string, statusCode: number, seconds: number) => void;

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
    countAnswer: CountAnswer;
    /** Where the service's in-memory caches report their bytes and budgets (`memoryCaches.ts`). */
    memoryCaches: MemoryCaches;
  }
}

const plugin: FastifyPluginAsync<ObservabilityOptions> = async (app: FastifyInstance, opts) => {
  const registry = new Registry();
  registry.setDefaultLabels({ service: opts.service });
  if (opts.processMetrics ?? true) {
    collectDefaultMetrics({ register: registry });
    threadHeapGauges(registry);
  }
  app.decorate('metrics', registry);
  app.decorate('memoryCaches', memoryCacheGauges(registry));

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status class.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });

  // The launcher's restarts of every service's processes, as it last told this process (launcher/README.md).
  new Counter({
    name: 'skylift_process_restarts_total',
    help: 'Service processes the launcher replaced after they died, by service and cause.',
    labelNames: ['service', 'cause'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { service, cause, count } of restartCounts()) this.inc({ service, cause }, count);
    },
  });

  const countAnswer: CountAnswer = (method, route, statusCode, seconds) => {
    requests.inc({ method, route, status: `${Math.floor(statusCode / 100)}xx` });
    duration.observe({ method, route }, seconds);
  };
  app.decorate('countAnswer', countAnswer);
  // A callback hook, as the other per-request hooks of the services: no promise per answer.
  app.addHook('onResponse', (request, reply, done) => {
    countAnswer(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok', service: opts.service }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    let ready: boolean;
    try {
      ready = opts.isReady ? await opts.isReady() : true;
    } catch {
      ready = false;
    }
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', service: opts.service });
  });
  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
};

export const observability = fp(plugin, { name: 'observability' });
