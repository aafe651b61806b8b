/**
 * The purge service ("Purge host"): `POST /captcha` checks the captcha and the paths and
 * answers a job id at once; `GET /status/{id}` answers the job's state until it is `finished`, with each
 * provider's answer per path. `GET /captcha` tells the page which captcha to show, and
 * `GET /captcha/challenge` hands out proof-of-work challenges when the captcha is self-hosted. Assembled
 * from plugins, in order (server/README.md, "How a service is assembled").
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { JobClock } from '../background/pause.ts';
import { JSON_ERRORS, boundedServerOptions, frameworkErrors, ownOrigins, registerInputBounds } from '../http/inputBounds.ts';
import type { Config } from '../config/config.ts';
import { registerPublicCors } from '../http/cors.ts';
import { loggerOptions } from '../observability/logger.ts';
import { observability } from '../observability/observability.ts';
import type { PackageRef } from '../packages/types.ts';
import { sharedStatePlugin } from '../plugins/sharedState.ts';
import type { CaptchaVerifier } from './captcha/captchaVerifier.ts';
import { installErrorHandling } from './http/errors.ts';
import { purgeRoutes } from './http/routes.ts';
import type { JobStore } from './jobs/purgeJob.ts';
import { purgeJobs } from './jobs/plugin.ts';
import type { PurgeProvider } from './providers/index.ts';

export interface PurgeAppOptions {
  store?: JobStore;
  verifier?: CaptchaVerifier;
  providers?: PurgeProvider[];
  dropOwnCaches?: (refs: readonly PackageRef[]) => Promise<number>;
  now?: () => number;
  /** How a job waits to be run again after a failure; Node's timers when absent (a test moves a clock of its own). */
  jobClock?: JobClock;
  /**
   * Run again, at start-up, the jobs a stop left pending (default true). Of several processes of the service
   * only one does (the leader), so that no job is run twice at once.
   */
  resumePendingJobs?: boolean;
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
  await app.register(observability, { service: 'purge' });
  // Rate limits, used challenges, jobs and purge messages go through the shared state: of this machine's
  // purge processes (SQLite), or of the fleet (Redis when configured).
  await app.register(sharedStatePlugin, { config });
  await app.register(purgeJobs, {
    config,
    store: options.store,
    providers: options.providers,
    dropOwnCaches: options.dropOwnCaches,
    clock: options.jobClock,
    resumePendingJobs: options.resumePendingJobs ?? true,
  });
  installErrorHandling(app);
  // The purge page posts from the website's origin; a preflight answer is not cached.
  await registerPublicCors(app, { methods: ['GET', 'HEAD', 'POST', 'OPTIONS'], preflightCacheControl: 'no-store' });
  await app.register(purgeRoutes, { config, verifier: options.verifier, now: options.now ?? Date.now });
  return app;
}
