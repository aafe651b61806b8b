/**
 * Fair admission for asynchronous work that runs elsewhere than in a `WorkerPool` (esbuild's process, the
 * statistics engine): at most `concurrency` jobs run at once, of which at most `concurrency - reserved` are
 * heavy; the rest wait in a `FairQueue` (per-client budget, cheap lane first, clients taking turns by cost;
 * see `fairQueue.ts`), up to `maxQueued` in each lane.
 */
import { ClientOverBudget, FairQueue, type Entry, type FairnessOptions, type Ticket } from './fairQueue.ts';

export interface AdmissionGateOptions {
  concurrency: number;
  /** Places only cheap jobs may take (heavy jobs always keep at least one). Default 0. */
  reserved?: number;
  maxQueued: number;
  fairness?: FairnessOptions;
  /** The answer to a job refused because its lane's queue is full. */
  queueFull(): Error;
  /** The answer to a client over its budget. */
  overBudget(retryAfterSeconds: number): ClientOverBudget;
}

export class AdmissionGate {
  private readonly queue: FairQueue<() => void>;
  private readonly heavyLimit: number;
  private running = 0;

  constructor(private readonly options: AdmissionGateOptions) {
    this.queue = new FairQueue(options.fairness ?? { enabled: false }, options.maxQueued);
    this.heavyLimit = Math.max(1, options.concurrency - (this.queue.enabled ? (options.reserved ?? 0) : 0));
  }

  /** Runs `job` once admitted; refused at once (without running it) when over budget or full. */
  async run<T>(ticket: Ticket, job: () => Promise<T>): Promise<T> {
    const entry = await this.enter(ticket);
    try {
      return await job();
    } finally {
      this.leave(entry);
    }
  }

  /**
   * Waits for a place and returns it; `leave` gives it back. For work whose end is not one promise (a
   * request, from its admission to its answer).
   */
  async enter(ticket: Ticket): Promise<Entry<() => void>> {
    const refusal = this.queue.refusal(ticket, this.running < this.options.concurrency);
    if (refusal?.reason === 'budget') throw this.options.overBudget(refusal.retryAfterSeconds);
    if (refusal) throw this.options.queueFull();
    let admitted!: () => void;
    const started = new Promise<void>((resolve) => (admitted = resolve));
    const entry = this.queue.push(() => admitted(), ticket);
    this.pump();
    await started;
    return entry;
  }

  leave(entry: Entry<() => void>): void {
    if (entry.state === 'running') this.running--;
    this.queue.settle(entry);
    this.pump();
  }

  /** Jobs running now. */
  get active(): number {
    return this.running;
  }

  /** Jobs waiting for a place. */
  get queued(): number {
    return this.queue.queued;
  }

  private pump(): void {
    while (this.running < this.options.concurrency) {
      const entry = this.queue.take(this.queue.runningHeavy < this.heavyLimit);
      if (!entry) return;
      this.running++;
      entry.item();
    }
  }
}
