/**
 * Fair admission of work by cost, shared by the worker pools (`workerPool.ts`) and the admission gates
 * (`admissionGate.ts`), so that no client starves another:
 *
 * - Every job carries a client key (`../http/clientKey.ts`) and a cost, in units its service defines (a
 *   search call: its queries weighted by their filters; a minification: kilobytes of source; a statistics
 *   request: the days it reads). The cost is an estimate made before the job runs.
 * - Budget: a client may have at most `budget` units queued and running at once; past it the job is refused
 *   at once (`ClientOverBudget`, answered 429 with `Retry-After`), so that one client's backlog cannot fill
 *   the shared queue. A job alone is always admitted, however costly, or a large job could never run.
 * - Lanes: jobs costing at most `cheapCost` take the cheap lane, which is served first and may use threads
 *   (slots) the heavy lane may not (the pool reserves them), so that a cheap job never waits behind heavy
 *   ones, even when every heavy job comes from one client. The lanes have budgets and bounds of their own: a
 *   client's heavy backlog never gets its own cheap calls refused.
 * - Within a lane, clients are served by start-time fair queueing: each job is tagged with
 *   `max(lane's virtual time, the client's last finish tag)` and its client's finish tag moves on by its
 *   cost; the job with the lowest tag runs next, and the lane's virtual time becomes that tag. Each client
 *   thus gets an equal share of the cost served, whatever its backlog, and a client that was idle starts at
 *   the present (no credit saved up). One client's jobs keep their arrival order.
 *
 * With `enabled: false` there is one lane, one client and no budget: arrival order, as the pools had before
 * (the reference of `bench/search/fairness.ts`).
 */

export interface Ticket {
  /** Who asked (an address, or the trusted edge's client address). */
  client: string;
  /** What the job is estimated to cost, in the pool's units (at least 0). */
  cost: number;
}

export interface FairnessOptions {
  /** False: arrival order, no budget, no cheap lane. Default true. */
  enabled?: boolean;
  /** Units one client may have queued and running at once in the heavy lane. Default: unbounded. */
  budget?: number;
  /** Jobs costing at most this take the cheap lane. Default 0: none do, unless they cost nothing. */
  cheapCost?: number;
  /** Units one client may have queued and running at once in the cheap lane. Default: `budget`. */
  cheapBudget?: number;
  /** The longest `Retry-After` told, in seconds. Default 30. */
  maxRetryAfterSeconds?: number;
}

/** A job refused because its client already has as much work in the pool as its budget allows. */
export class ClientOverBudget extends Error {
  readonly status = 429;
  constructor(
    message: string,
    /** Seconds after which the client's backlog should be done (the `Retry-After` header). */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'ClientOverBudget';
  }
}

/** 0: the cheap lane, 1: the heavy lane. */
export type Lane = 0 | 1;
export const CHEAP_LANE: Lane = 0;
const CHEAP = CHEAP_LANE;
const HEAVY: Lane = 1;

export interface Entry<T> {
  readonly item: T;
  readonly client: string;
  readonly cost: number;
  readonly lane: Lane;
  /** The start tag (virtual time) the job is served by. */
  readonly tag: number;
  state: 'queued' | 'running' | 'settled';
  startedAt: number;
}

interface Flow<T> {
  queue: Entry<T>[];
  /** Finish tag of the client's last job in this lane. */
  finish: number;
  /** Units queued and running. */
  inFlight: number;
  /** Jobs queued and running. */
  jobs: number;
}

interface LaneState<T> {
  flows: Map<string, Flow<T>>;
  virtualTime: number;
  queued: number;
  running: number;
  budget: number;
  /** Recent milliseconds of work per unit of cost in this lane (moving average), for `Retry-After`. */
  msPerUnit: number;
}

/** Where an admission was refused: over the client's budget (with a wait to suggest), or the lane is full. */
export type Refusal = { reason: 'budget'; retryAfterSeconds: number } | { reason: 'full' };

export class FairQueue<T> {
  readonly enabled: boolean;
  private readonly cheapCost: number;
  private readonly maxRetryAfter: number;
  private readonly lanes: [LaneState<T>, LaneState<T>];

  constructor(
    options: FairnessOptions,
    /** Jobs that may wait in each lane. */
    private readonly maxQueued: number,
  ) {
    this.enabled = options.enabled ?? true;
    this.cheapCost = this.enabled ? (options.cheapCost ?? 0) : -1;
    this.maxRetryAfter = options.maxRetryAfterSeconds ?? 30;
    const budget = this.enabled ? (options.budget ?? Infinity) : Infinity;
    const cheapBudget = this.enabled ? (options.cheapBudget ?? budget) : Infinity;
    const lane = (laneBudget: number): LaneState<T> => ({ flows: new Map(), virtualTime: 0, queued: 0, running: 0, budget: laneBudget, msPerUnit: 0 });
    this.lanes = [lane(cheapBudget), lane(budget)];
  }

  laneOf(cost: number): Lane {
    return cost <= this.cheapCost ? CHEAP : HEAVY;
  }

  /** Why a job with this ticket cannot be queued now (`freeSlot`: it would start at once), or null. */
  refusal(ticket: Ticket, freeSlot: boolean): Refusal | null {
    const lane = this.lanes[this.laneOf(ticket.cost)];
    const flow = lane.flows.get(this.clientOf(ticket));
    if (flow && flow.jobs > 0 && flow.inFlight + ticket.cost > lane.budget) {
      const seconds = Math.ceil((flow.inFlight * lane.msPerUnit) / 1000);
      return { reason: 'budget', retryAfterSeconds: Math.min(this.maxRetryAfter, Math.max(1, seconds)) };
    }
    if (!freeSlot && lane.queued >= this.maxQueued) return { reason: 'full' };
    return null;
  }

  /** Queues a job (admitted by `refusal` first); its units count against its client until `settle`. */
  push(item: T, ticket: Ticket): Entry<T> {
    const laneId = this.laneOf(ticket.cost);
    const lane = this.lanes[laneId];
    const client = this.clientOf(ticket);
    let flow = lane.flows.get(client);
    if (!flow) lane.flows.set(client, (flow = { queue: [], finish: 0, inFlight: 0, jobs: 0 }));
    const cost = Math.max(0, ticket.cost);
    const tag = Math.max(lane.virtualTime, flow.finish);
    // A job costing nothing still takes a turn, so that such jobs keep the clients' rotation.
    flow.finish = tag + Math.max(cost, 1e-6);
    flow.inFlight += cost;
    flow.jobs++;
    const entry: Entry<T> = { item, client, cost, lane: laneId, tag, state: 'queued', startedAt: 0 };
    flow.queue.push(entry);
    lane.queued++;
    return entry;
  }

  /** Whether `take` would give a job. */
  hasNext(heavyAllowed: boolean): boolean {
    return this.lanes[CHEAP].queued > 0 || (heavyAllowed && this.lanes[HEAVY].queued > 0);
  }

  /** The next job to run: the cheap lane first; a heavy job only when `heavyAllowed`. */
  take(heavyAllowed: boolean): Entry<T> | undefined {
    const entry = this.pick(CHEAP) ?? (heavyAllowed ? this.pick(HEAVY) : undefined);
    if (!entry) return undefined;
    entry.state = 'running';
    entry.startedAt = performance.now();
    this.lanes[entry.lane].running++;
    return entry;
  }

  /** A job is over (answered, failed, timed out or dropped while waiting): its units are released. */
  settle(entry: Entry<T>): void {
    if (entry.state === 'settled') return;
    const lane = this.lanes[entry.lane];
    const flow = lane.flows.get(entry.client)!;
    if (entry.state === 'queued') {
      flow.queue.splice(flow.queue.indexOf(entry), 1);
      lane.queued--;
    } else {
      lane.running--;
      if (entry.cost > 0) {
        const perUnit = (performance.now() - entry.startedAt) / entry.cost;
        lane.msPerUnit = lane.msPerUnit === 0 ? perUnit : lane.msPerUnit * 0.8 + perUnit * 0.2;
      }
    }
    entry.state = 'settled';
    flow.inFlight -= entry.cost;
    if (--flow.jobs === 0) lane.flows.delete(entry.client);
  }

  /** Every waiting job, removed (the pool is closing). */
  drain(): Entry<T>[] {
    const waiting: Entry<T>[] = [];
    for (const lane of this.lanes) for (const flow of lane.flows.values()) waiting.push(...flow.queue);
    for (const entry of waiting) this.settle(entry);
    return waiting;
  }

  /** Jobs waiting, in both lanes. */
  get queued(): number {
    return this.lanes[0].queued + this.lanes[1].queued;
  }

  /** Heavy jobs running. */
  get runningHeavy(): number {
    return this.lanes[HEAVY].running;
  }

  private clientOf(ticket: Ticket): string {
    return this.enabled ? ticket.client : '';
  }

  private pick(laneId: Lane): Entry<T> | undefined {
    const lane = this.lanes[laneId];
    if (lane.queued === 0) return undefined;
    let best: Flow<T> | undefined;
    for (const flow of lane.flows.values()) {
      const head = flow.queue[0];
      if (head && (!best || head.tag < best.queue[0]!.tag)) best = flow;
    }
    const entry = best!.queue.shift()!;
    lane.queued--;
    lane.virtualTime = Math.max(lane.virtualTime, entry.tag);
    return entry;
  }
}
