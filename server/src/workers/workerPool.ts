/**
 * A pool of worker threads for synchronous work (minifiers, SQLite queries) that must stay off the thread
 * that serves requests. At most `threads` jobs run at once and `maxQueued` wait; past that a job is refused
 * at once. A job over its time limit has its thread ended and a fresh one put in its place, so a stuck job
 * costs one thread for a while, never the process.
 *
 * Not piscina: its cancellation (AbortSignal) only drops a job that has not started; a running synchronous
 * job cannot be stopped except by ending its thread, which is the one thing this pool has to do.
 *
 * Jobs wait in a `FairQueue` (see `fairQueue.ts`): each carries a client and a cost; a client over its budget is
 * refused at once (429), cheap jobs are served first and may use the `reservedThreads` heavy jobs may not
 * take, and clients take turns by cost. Without tickets every job is one client's, in arrival order.
 *
 * The worker (see `serveJobs`) answers `{ id, job }` with `{ id, result }` or `{ id, error }`; a pool that
 * `waitsForReady` gives jobs to a thread only after it posted `{ ready: true }` (its data loaded).
 */
import { parentPort, type ResourceLimits, type Worker } from 'node:worker_threads';
import { startTypeScriptWorker } from './typeScriptWorker.ts';
import { CHEAP_LANE, ClientOverBudget, FairQueue, type Entry, type FairnessOptions, type Ticket } from '../admission/fairQueue.ts';

export interface WorkerPoolOptions<J> {
  /** The worker module (TypeScript is loaded the way this process loads it). */
  workerUrl: URL;
  workerData?: unknown;
  /** The threads' heap limits (`Worker`'s `resourceLimits`). */
  resourceLimits?: ResourceLimits;
  threads: number;
  timeLimitMs: number;
  /** Jobs that may wait (in each lane, with a cheap lane). */
  maxQueued: number;
  /**
   * Fair admission by client and cost (`fairQueue.ts`), and `reservedThreads` (default 0) that only cheap
   * jobs may take; heavy jobs always keep at least one thread. `heavyThreadNice` (Linux): the scheduling
   * niceness of the threads that may run heavy jobs, so that the cores go first to the serving thread and
   * the reserved ones when they have work.
   */
  fairness?: FairnessOptions & { reservedThreads?: number; heavyThreadNice?: number };
  /** The time limit counts from when the job was asked (waiting included) instead of from when a thread took it. */
  limitIncludesWaiting?: boolean;
  /** Each thread posts `{ ready: true }` once loaded, and gets jobs only after that. */
  waitsForReady?: boolean;
  /** Threads start when jobs need them (or at `warmUp`) instead of at once. */
  startOnDemand?: boolean;
  /**
   * With `startOnDemand`: a thread given no job for this long is ended, and its memory with it (a thread's heap
   * keeps what its last job left until that thread collects it, which an idle thread may never do).
   */
  endWhenIdleMs?: number;
  /** An ended thread counts against `threads` until it has exited (its native call returned). */
  replaceAfterExit?: boolean;
  /** The errors callers see, in their service's words and statuses. */
  errors: {
    closed(): Error;
    queueFull(job: J): Error;
    timedOut(job: J): Error;
    /** A client over its budget; default: a `ClientOverBudget` with a general message. */
    overBudget?(job: J, retryAfterSeconds: number): ClientOverBudget;
  };
}

interface Job<J, R> {
  id: number;
  payload: J;
  timer: NodeJS.Timeout | null;
  slot: Slot<J, R> | null;
  entry: Entry<Job<J, R>>;
  resolve(result: R): void;
  reject(error: Error): void;
}

interface Slot<J, R> {
  worker: Worker;
  /** Kept for cheap jobs (`reservedThreads`). */
  cheapOnly: boolean;
  /** The thread may take jobs (it said it is ready, or the pool does not wait for that). */
  ready: boolean;
  job: Job<J, R> | null;
  /** Ends the thread when it has been idle for `endWhenIdleMs`. */
  idleTimer?: NodeJS.Timeout;
}

/** `busy`: the thread does upkeep after this answer, and takes no job until it says it is ready again. */
type WorkerMessage<R> = { ready: true } | { id: number; result: R; busy?: boolean } | { id: number; error: string };

/** A thread that fails before it is ready is started again after this pause, not in a tight loop. */
const RESTART_DELAY_MS = 1000;

/** The ticket of a job run without one: one client for all, each job one unit. */
const ANONYMOUS: Ticket = { client: '', cost: 1 };

export class WorkerPool<J, R> {
  private readonly slots: Slot<J, R>[] = [];
  private readonly queue: FairQueue<Job<J, R>>;
  /** Threads kept for cheap jobs: never more than all but one. */
  private readonly reserved: number;
  /** Called whenever a thread becomes ready, fails or the pool closes. */
  private readonly listeners = new Set<(error?: Error) => void>();
  private nextId = 1;
  private closed = false;
  /** Ended threads still finishing a native call (with `replaceAfterExit`). */
  private ending = 0;
  /** Callers of `warmUp` still waiting: the threads hold the process open for them. */
  private warming = 0;

  constructor(private readonly options: WorkerPoolOptions<J>) {
    this.queue = new FairQueue(options.fairness ?? { enabled: false }, options.maxQueued);
    this.reserved = this.queue.enabled ? Math.max(0, Math.min(options.fairness?.reservedThreads ?? 0, options.threads - 1)) : 0;
    if (!options.startOnDemand) for (let i = 0; i < options.threads; i++) this.slots.push(this.spawn());
  }

  /** Runs a job for `ticket`'s client at its cost; refused at once when the client is over its budget. */
  run(payload: J, ticket: Ticket = ANONYMOUS): Promise<R> {
    if (this.closed) return Promise.reject(this.options.errors.closed());
    const refusal = this.queue.refusal(ticket, this.hasFreeThread());
    if (refusal?.reason === 'budget') {
      const seconds = refusal.retryAfterSeconds;
      return Promise.reject(
        this.options.errors.overBudget?.(payload, seconds) ??
          new ClientOverBudget(`Too much work from this client is already waiting; try again in ${seconds} s.`, seconds),
      );
    }
    if (refusal) return Promise.reject(this.options.errors.queueFull(payload));
    return new Promise<R>((resolve, reject) => {
      const job = { id: this.nextId++, payload, timer: null, slot: null, resolve, reject } as Omit<Job<J, R>, 'entry'> as Job<J, R>;
      job.entry = this.queue.push(job, ticket);
      if (this.options.limitIncludesWaiting) job.timer = this.startTimer(job);
      this.dispatch();
    });
  }

  /** Jobs running on a thread, and jobs waiting for one (what a test waits for before it sends the next). */
  get load(): { running: number; waiting: number } {
    return { running: this.slots.filter((slot) => slot.job).length, waiting: this.queue.queued };
  }

  /**
   * Starts every thread now and resolves once each is ready. A thread failing while it starts is started
   * again after a pause, and waited for; with `startOnDemand` the failure rejects instead.
   */
  async warmUp(): Promise<void> {
    this.fill();
    // Held open while waiting: an idle pool's threads do not keep the process alive.
    this.warming++;
    this.holdWhileBusy();
    try {
      while (!this.closed && !this.allReady()) {
        await new Promise<void>((resolve, reject) => {
          const listener = (error?: Error): void => {
            this.listeners.delete(listener);
            if (error) reject(error);
            else resolve();
          };
          this.listeners.add(listener);
        });
      }
    } finally {
      this.warming--;
      this.holdWhileBusy();
    }
  }

  /**
   * Threads hold the process open while there is work (a job running or waiting, a thread being replaced,
   * a caller waiting for them to start) and never when the pool is idle, so that a pool nobody closes (one
   * per process, started on first use) does not keep a finished process alive.
   */
  private holdWhileBusy(): void {
    const busy = this.warming > 0 || this.ending > 0 || this.queue.hasNext(true) || this.slots.some((slot) => slot.job);
    for (const slot of this.slots) {
      if (busy) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const unanswered = [...this.queue.drain().map((entry) => entry.item), ...this.slots.flatMap((slot) => (slot.job ? [slot.job] : []))];
    for (const job of unanswered) {
      if (job.timer) clearTimeout(job.timer);
      this.queue.settle(job.entry);
      job.reject(this.options.errors.closed());
    }
    this.notify();
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private allReady(): boolean {
    return this.slots.length + this.ending >= this.options.threads && this.slots.every((slot) => slot.ready);
  }

  private hasFreeThread(): boolean {
    if (this.slots.some((slot) => !slot.job && slot.ready)) return true;
    return Boolean(this.options.startOnDemand) && this.slots.length + this.ending < this.options.threads;
  }

  private fill(): void {
    while (!this.closed && this.slots.length + this.ending < this.options.threads) this.slots.push(this.spawn());
  }

  private notify(error?: Error): void {
    for (const listener of [...this.listeners]) listener(error);
  }

  private spawn(): Slot<J, R> {
    const cheapOnly = this.slots.filter((slot) => slot.cheapOnly).length < this.reserved;
    const nice = this.queue.enabled && !cheapOnly ? this.options.fairness?.heavyThreadNice : undefined;
    // A thread's niceness is its own on Linux (setpriority with the thread's id); elsewhere this does nothing.
    const prelude =
      nice === undefined
        ? ''
        : `import fs from 'node:fs'; import os from 'node:os'; try { os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), ${Number(nice)}); } catch {}`;
    // The thread's TypeScript is transformed by this thread's esbuild: a transformer in the thread would leave
    // its esbuild process defunct when the thread ends (typeScriptWorker.ts).
    const worker = startTypeScriptWorker(this.options.workerUrl, { prelude, workerData: this.options.workerData, resourceLimits: this.options.resourceLimits });
    const slot: Slot<J, R> = { worker, cheapOnly, ready: !this.options.waitsForReady, job: null };
    worker.unref();
    worker.on('message', (message: WorkerMessage<R>) => {
      if ('ready' in message) {
        slot.ready = true;
        this.notify();
        this.dispatch();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      if (job.timer) clearTimeout(job.timer);
      slot.job = null;
      this.queue.settle(job.entry);
      if ('error' in message) job.reject(new Error(message.error));
      else job.resolve(message.result);
      if ('busy' in message && message.busy) slot.ready = false;
      this.dispatch();
    });
    worker.on('error', (error) => {
      const job = slot.job;
      const starting = !slot.ready;
      if (job?.timer) clearTimeout(job.timer);
      this.replace(slot);
      if (job) this.queue.settle(job.entry);
      job?.reject(error);
      // A pool that starts threads on demand starts none again by itself: waiting for one would be forever.
      this.notify(starting && this.options.startOnDemand ? error : undefined);
      this.dispatch();
    });
    return slot;
  }

  private startTimer(job: Job<J, R>): NodeJS.Timeout {
    return setTimeout(() => {
      if (job.slot && job.slot.job === job) this.replace(job.slot);
      // A job still waiting leaves the queue here; a running one frees its client's budget.
      this.queue.settle(job.entry);
      job.reject(this.options.errors.timedOut(job.payload));
      this.dispatch();
    }, this.options.timeLimitMs);
  }

  /** Ends a thread (over its time limit, or broken) and puts a fresh one in its place. */
  private replace(slot: Slot<J, R>): void {
    const wasReady = slot.ready;
    clearTimeout(slot.idleTimer);
    slot.job = null;
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    if (this.options.replaceAfterExit) {
      this.ending++;
      slot.worker.once('exit', () => {
        this.ending--;
        if (!this.options.startOnDemand) this.fill();
        this.dispatch();
      });
    }
    // Its end is handled by the 'exit' listener; a failure to end it must not become an unhandled rejection.
    slot.worker.terminate().catch(() => undefined);
    if (this.closed || this.options.startOnDemand || this.options.replaceAfterExit) return;
    if (wasReady) this.fill();
    else setTimeout(() => this.fill(), RESTART_DELAY_MS).unref();
  }

  private dispatch(): void {
    this.dispatchJobs();
    this.holdWhileBusy();
    this.endIdleThreads();
  }

  /** Starts the idle timer of each thread without a job (`endWhenIdleMs`); a job given to it stops the timer. */
  private endIdleThreads(): void {
    const idleMs = this.options.endWhenIdleMs;
    if (idleMs === undefined || !this.options.startOnDemand || this.closed) return;
    for (const slot of this.slots) {
      if (slot.job || !slot.ready || slot.idleTimer) continue;
      slot.idleTimer = setTimeout(() => {
        slot.idleTimer = undefined;
        const index = this.slots.indexOf(slot);
        if (slot.job || index === -1 || this.closed) return;
        this.slots.splice(index, 1);
        slot.worker.terminate().catch(() => undefined);
      }, idleMs).unref();
    }
  }

  private dispatchJobs(): void {
    if (this.closed) return;
    for (;;) {
      const free = this.slots.filter((candidate) => !candidate.job && candidate.ready);
      const general = free.find((candidate) => !candidate.cheapOnly);
      if (free.length === 0 || !this.queue.hasNext(general !== undefined)) {
        // No thread for what waits: start one if the pool starts them on demand and has room.
        if (!this.queue.hasNext(true) || !this.options.startOnDemand || this.slots.length + this.ending >= this.options.threads) return;
        const started = this.spawn();
        this.slots.push(started);
        if (!started.ready) return;
        continue;
      }
      const entry = this.queue.take(general !== undefined)!;
      // A cheap job takes a thread kept for cheap jobs first, leaving the others to heavy ones.
      const slot = entry.lane === CHEAP_LANE ? (free.find((candidate) => candidate.cheapOnly) ?? free[0]!) : general!;
      const job = entry.item;
      clearTimeout(slot.idleTimer);
      slot.idleTimer = undefined;
      slot.job = job;
      job.slot = slot;
      if (!job.timer) job.timer = this.startTimer(job);
      slot.worker.postMessage({ id: job.id, job: job.payload });
    }
  }
}

/**
 * The worker's side: answers each job with `handle`'s result or its error message. `ready` tells the pool
 * the thread has loaded what it needs (for a pool that `waitsForReady`).
 */
export function serveJobs<J, R>(
  handle: (job: J) => R | Promise<R>,
  options: {
    ready?: boolean;
    /**
     * Upkeep too long for a job's time limit (seconds): asked after each answer, and when due done right
     * after it, with the pool sending this thread no job until it is over (others take them meanwhile).
     */
    upkeep?: { due(): boolean; run(): void };
    /** What of a result is moved to the pool's thread rather than copied (memory of its own, left empty here). */
    transfer?: (result: R) => ArrayBuffer[];
  } = {},
): void {
  const port = parentPort!;
  if (options.ready) port.postMessage({ ready: true });
  port.on('message', (message: { id: number; job: J }) => {
    Promise.resolve()
      .then(() => handle(message.job))
      .then(
        (result) => {
          const busy = options.upkeep?.due() ?? false;
          port.postMessage({ id: message.id, result, busy }, options.transfer?.(result));
          if (!busy) return;
          try {
            options.upkeep!.run();
          } finally {
            port.postMessage({ ready: true });
          }
        },
        (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
      );
  });
}
