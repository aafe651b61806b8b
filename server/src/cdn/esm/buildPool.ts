import { PackageError } from '../../packages/types.ts';

/**
 * Runs at most `concurrency` builds at a time; the rest wait in order, up to `maxWaiting` of them. Builds are
 * CPU-heavy, so a bound keeps a burst of first requests for module builds from starving the serving of plain
 * files, and the bound on the queue keeps a flood of distinct builds from piling up without end.
 */
export class BuildPool {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting = 100,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new PackageError(503, 'Too many ES module builds are waiting at the moment; try again shortly.');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` stays counted.
      if (next) next();
      else this.running--;
    }
  }

  /** Builds running now. */
  get active(): number {
    return this.running;
  }

  /** Builds waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }
}
