/**
 * Fair admission of statistics requests (`../../admission/admissionGate.ts`), so that one client's heavy
 * statistics cannot starve another's: a request of `/v1/stats/...` costs the days of the period it reads
 * (`all` from the first day with data), known before it runs. Requests of at most `cheapDays` (a day, a
 * week, a month) are cheap: served first, with places a heavy request never takes, so that while heavy
 * requests hold the engine (at most `heavyConcurrency` at once, leaving the other statistics threads to
 * cheap ones) a cheap one never waits behind them. Heavy requests take turns between clients by days; a
 * client with `budgetDays` (or, cheap, `cheapBudgetDays`) of requests running and waiting gets a 429 with
 * Retry-After. A request holds its place from its validation until its answer is sent.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClientKey } from '../../http/clientKey.ts';
import { AdmissionGate } from '../../admission/admissionGate.ts';
import { ClientOverBudget, type Entry } from '../../admission/fairQueue.ts';
import { daysIn } from '../../stats/periods.ts';
import type { PeriodResolver } from '../params.ts';
import { ApiError } from './errors.ts';

export interface StatsAdmissionOptions {
  /** False: statistics requests are not gated (each still has the engine's own bounds). Default true. */
  fair?: boolean;
  /** Requests of at most this many days are cheap (default 31). */
  cheapDays?: number;
  /** Heavy requests answered at once (default 1: the second statistics thread stays free for cheap ones). */
  heavyConcurrency?: number;
  /** Requests answered at once, cheap ones included (default 8). */
  concurrency?: number;
  /** Days of heavy requests one client may have running and waiting (default 6,000: sixteen years). */
  budgetDays?: number;
  /** Days of cheap requests one client may have running and waiting (default 2,000: sixty-four months). */
  cheapBudgetDays?: number;
  /** Requests that may wait, in each lane (default 64). */
  maxQueued?: number;
}

/** The period a request names (the contract's default is a month), for its cost. */
const DEFAULT_PERIOD = 'month';

export function registerStatsAdmission(app: FastifyInstance, clientKey: ClientKey, resolvePeriod: PeriodResolver, options: StatsAdmissionOptions = {}): void {
  if (options.fair === false) return;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const gate = new AdmissionGate({
    concurrency,
    reserved: concurrency - Math.max(1, options.heavyConcurrency ?? 1),
    maxQueued: options.maxQueued ?? 64,
    fairness: { budget: options.budgetDays ?? 6000, cheapCost: options.cheapDays ?? 31, cheapBudget: options.cheapBudgetDays ?? 2000 },
    queueFull: () => new ApiError(503, 'The statistics are busy answering other queries; try again shortly.'),
    overBudget: (seconds) =>
      new ClientOverBudget(
        `Too many of your statistics requests are still running or waiting; try again in ${seconds} s, or choose a shorter period.`,
        seconds,
      ),
  });

  const costOf = async (request: FastifyRequest): Promise<number> => {
    const raw = (request.query as Record<string, unknown> | undefined)?.['period'];
    const period = typeof raw === 'string' ? raw : DEFAULT_PERIOD;
    try {
      return daysIn(await resolvePeriod(period));
    } catch {
      // A period the route refuses: its handler answers 400 at once.
      return 1;
    }
  };

  // After validation, so that a refused parameter never takes a place.
  app.addHook('preHandler', async (request, reply) => {
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith('/v1/stats/') || route === '/v1/stats/periods') return;
    const entry: Entry<() => void> = await gate.enter({ client: clientKey(request.raw), cost: await costOf(request) });
    // Given back when the answer is sent, or when the connection closes first.
    const leave = (): void => gate.leave(entry);
    reply.raw.once('finish', leave);
    reply.raw.once('close', leave);
  });
}
