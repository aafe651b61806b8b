/**
 * When to start a replacement for a process that died: at once, unless its slot keeps dying soon after
 * starting (a crash loop: a port taken, a broken configuration), then after a delay that doubles with each
 * quick death, so a loop costs little CPU and its log stays readable.
 */

/** A process that lived less than this died "quickly". */
export const QUICK_DEATH_MS = 10_000;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

export class RestartPolicy {
  private quickDeaths = 0;

  /** Records a death after `livedMs` and answers how long to wait before the replacement. */
  delayAfterDeath(livedMs: number): number {
    this.quickDeaths = livedMs < QUICK_DEATH_MS ? this.quickDeaths + 1 : 0;
    if (this.quickDeaths <= 1) return 0;
    return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (this.quickDeaths - 2));
  }
}
