/**
 * The purge service's routes, an encapsulated plugin over `purgeJobs`: `GET /captcha` (which captcha the
 * page shows), `GET /captcha/challenge` (proof-of-work challenges when the captcha is self-hosted),
 * `POST /captcha` (checks the rate limit, the paths and the captcha, then answers a job id at once) and
 * `GET /status/{id}` (the job's state, with each provider's answer per path).
 */
import type { FastifyPluginAsync } from 'fastify';
import { Counter } from 'prom-client';
import type { Config } from '../../config/config.ts';
import type { CaptchaVerifier } from '../captcha/captchaVerifier.ts';
import { createVerifier, usedChallengesIn } from '../captcha/verifier.ts';
import type { PurgeJob } from '../jobs/purgeJob.ts';
import { parsePurgePaths } from '../paths.ts';
import { RateLimiter } from '../rateLimit.ts';
import { PurgeError } from './errors.ts';

export interface PurgeRoutesOptions {
  config: Config;
  /** The caller's captcha check; the configured one when absent. */
  verifier?: CaptchaVerifier | undefined;
  now: () => number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_STORE = 'no-store';

/** The status document: paths keyed by path, each with its providers and `throttled`. */
function statusOf(job: PurgeJob) {
  const paths: Record<string, { throttled: boolean; providers: Record<string, boolean>; origin?: string }> = {};
  for (const p of job.paths) paths[p.path] = job.result?.[p.path] ?? { throttled: p.throttled, providers: {} };
  return { id: job.id, status: job.status, paths };
}

export const purgeRoutes: FastifyPluginAsync<PurgeRoutesOptions> = async (app, { config, verifier: given, now }) => {
  const { store, worker } = app.purgeJobs;
  // Used challenges and rate limits live in the shared state: of this machine's purge processes, or of the fleet.
  const verifier = given ?? createVerifier(config, { markUsed: usedChallengesIn(app.sharedState) });
  const limiter = new RateLimiter(app.sharedState, config.purge.clientRequestsPerMinute);
  const refused = new Counter({
    name: 'purge_requests_refused_total',
    help: 'Purge requests refused, by reason.',
    labelNames: ['reason'] as const,
    registers: [app.metrics],
  });

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
};
