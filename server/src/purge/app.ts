/**
 * The purge service ("Purge host"): `POST /captcha` checks the captcha and the paths and
 * answers a job id at once; `GET /status/{id}` answers the job's state until it is `finished`, with each
 * provider's answer per path. `GET /captcha` tells the page which captcha to show, and
 * `GET /captcha/challenge` hands out proof-of-work challenges when the captcha is self-hosted.
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { JSON_ERRORS, boundedServerOptions, frameworkErrors, ownOrigins, registerInputBounds } from '../http/inputBounds.ts';
import { Counter } from 'prom-client';
import type { Config } from '../config/config.ts';
import { registerPublicCors } from '../http/cors.ts';
import { loggerOptions } from '../observability/logger.ts';
import { observability } from '../observability/observability.ts';
import type { PackageRef } from '../packages/types.ts';
import { connectFanout, publishPurge } from '../purgefanout/fanout.ts';
import { acquireSharedState } from '../sharedState/index.ts';
import { createVerifier, usedChallengesIn, type CaptchaVerifier } from './captcha/verifier.ts';
import { installErrorHandling, PurgeError } from './http/errors.ts';
import { openJobStore, type JobStore, type PurgeJob } from './jobs/jobStore.ts';
import { PurgeWorker } from './jobs/worker.ts';
import { parsePurgePaths } from './paths.ts';
import { configuredProviders, type PurgeProvider } from './providers/index.ts';
import { RateLimiter } from './rateLimit.ts';

export interface PurgeAppOptions {
  store?: JobStore;
  verifier?: CaptchaVerifier;
  providers?: PurgeProvider[];
  dropOwnCaches?: (refs: readonly PackageRef[]) => Promise<number>;
  now?: () => number;
  /**
   * Run again, at start-up, the jobs a stop left pending (default true). Of several processes of the service
   * only one does (the leader), so that no job is run twice at once.
   */
  resumePendingJobs?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_STORE = 'no-store';

/** The status document: paths keyed by path, each with its providers and `throttled`. */
function statusOf(job: PurgeJob) {
  const paths: Record<string, { throttled: boolean; providers: Record<string, boolean>; origin?: string }> = {};
  for (const p of job.paths) paths[p.path] = job.result?.[p.path] ?? { throttled: p.throttled, providers: {} };
  return { id: job.id, status: job.status, paths };
}

export async function buildPurgeApp(config: Config, options: PurgeAppOptions = {}): Promise<FastifyInstance> {
  const sendError = (reply: FastifyReply, status: number, message: string): FastifyReply =>
    reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ status, message });
  const app = Fastify({
    logger: loggerOptions('purge', config.logLevel),
    bodyLimit: 32 * 1024,
    ...boundedServerOptions(JSON_ERRORS),
    frameworkErrors: frameworkErrors(sendError),
  });
  registerInputBounds(app, { sendError, ownOrigins: ownOrigins(config) });
  const now = options.now ?? Date.now;
  await app.register(observability, { service: 'purge' });
  // Rate limits, used challenges and purge messages go through the shared state: of this machine's purge
  // processes (SQLite), or of the fleet (Redis when configured).
  const shared = await acquireSharedState(config, {
    metrics: app.metrics,
    log: (error, operation) => app.log.warn({ err: error, operation }, 'shared state failed: answered by this instance alone'),
  });
  const verifier = options.verifier ?? createVerifier(config, { markUsed: usedChallengesIn(shared.state) });
  const disconnectFanout = await connectFanout(shared.state);
  const limiter = new RateLimiter(shared.state, config.purge.clientRequestsPerMinute);
  const store = options.store ?? (await openJobStore(config, shared.state));
  const paths = new Counter({
    name: 'purge_paths_total',
    help: 'Purged paths by outcome: purged (every provider confirmed), partial (some failed) or throttled.',
    labelNames: ['outcome'] as const,
    registers: [app.metrics],
  });
  const providerAnswers = new Counter({
    name: 'purge_provider_answers_total',
    help: 'Answers of the fronting CDNs per purged path, by provider and result.',
    labelNames: ['provider', 'result'] as const,
    registers: [app.metrics],
  });
  const refused = new Counter({
    name: 'purge_requests_refused_total',
    help: 'Purge requests refused, by reason.',
    labelNames: ['reason'] as const,
    registers: [app.metrics],
  });
  const worker = new PurgeWorker({
    store,
    providers: options.providers ?? configuredProviders(config),
    cdnUrl: config.services.cdn.publicUrl,
    dropOwnCaches: options.dropOwnCaches ?? publishPurge,
    host: { log: app.log, metrics: app.metrics },
    onPathResult: (result) => {
      const answers = Object.entries(result.providers);
      paths.inc({ outcome: result.throttled ? 'throttled' : answers.every(([, ok]) => ok) ? 'purged' : 'partial' });
      for (const [provider, ok] of answers) providerAnswers.inc({ provider, result: ok ? 'ok' : 'failed' });
    },
  });

  installErrorHandling(app);
  // The purge page posts from the website's origin; a preflight answer is not cached.
  await registerPublicCors(app, { methods: ['GET', 'HEAD', 'POST', 'OPTIONS'], preflightCacheControl: NO_STORE });

  app.get('/captcha', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return verifier.widget;
  });

  app.get('/captcha/challenge', async (_request, reply) => {
    if (!verifier.challenge) throw new PurgeError(404, 'This deployment uses a hosted captcha: there is no challenge to fetch here.');
    reply.header('cache-control', NO_STORE);
    return verifier.challenge();
  });

  app.post('/captcha', async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new PurgeError(400, 'The request body must be a JSON object with "g-recaptcha-response" and "path".');
    const fields = body as Record<string, unknown>;
    const rate = await limiter.take(request.ip);
    if (!rate.allowed) {
      refused.inc({ reason: 'rate-limit' });
      reply.header('retry-after', String(rate.retryAfterSeconds));
      throw new PurgeError(429, 'Too many purge requests from this address: try again in a minute.');
    }
    const requested = parsePurgePaths(fields['path']);
    const token = fields['g-recaptcha-response'];
    if (typeof token !== 'string' || !(await verifier.verify(token, request.ip))) {
      refused.inc({ reason: 'captcha' });
      throw new PurgeError(403, 'The captcha was not solved: solve it and try again.');
    }
    const job = await store.create(requested, now(), config.purge.throttleSeconds * 1000);
    worker.run(job);
    return reply.code(202).send({ id: job.id });
  });

  app.get('/status/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    reply.header('cache-control', NO_STORE);
    const job = UUID.test(id) ? await store.get(id.toLowerCase()) : null;
    if (!job) throw new PurgeError(404, `There is no purge with the id "${id.slice(0, 64)}".`);
    return statusOf(job);
  });

  if (options.resumePendingJobs ?? true) {
    app.addHook('onReady', async () => {
      const resumed = await worker.resumePending();
      if (resumed) app.log.info({ resumed }, 'resumed purge jobs left pending');
    });
  }
  app.addHook('onClose', async () => {
    await worker.close();
    if (!options.store) await store.close();
    await disconnectFanout();
    await shared.release();
  });
  return app;
}
