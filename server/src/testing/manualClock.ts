/**
 * A clock a test moves on by hand, for background jobs (`JobClock` of `../background/pause.ts`): a pause
 * ends when the test advances the clock past it, or when its signal aborts, never by itself. So a test
 * sees each pause a job asks for (`paused()`) and passes an interval or a backoff at once, instead of
 * waiting it out.
 */
import type { JobClock } from '../background/pause.ts';

interface Pause {
  due: number;
  ms: number;
  end(): void;
}

export class ManualClock implements JobClock {
  private time = 0;
  private readonly pauses = new Set<Pause>();
  private onPause: Array<(ms: number) => void> = [];

  /** Milliseconds the clock has been moved on. */
  now = (): number => this.time;

  pause(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      if (signal.aborted) return resolve();
      const pause: Pause = {
        due: this.time + ms,
        ms,
        end: () => {
          this.pauses.delete(pause);
          signal.removeEventListener('abort', pause.end);
          resolve();
        },
      };
      this.pauses.add(pause);
      signal.addEventListener('abort', pause.end, { once: true });
      const told = this.onPause;
      this.onPause = [];
      for (const tell of told) tell(ms);
    });
  }

  /** How many pauses are under way. */
  get pending(): number {
    return this.pauses.size;
  }

  /** Resolves with the length of a pause under way, or of the next one asked for. */
  paused(): Promise<number> {
    const under = [...this.pauses].at(-1);
    if (under) return Promise.resolve(under.ms);
    return new Promise((resolve) => this.onPause.push(resolve));
  }

  /** Moves the clock on by `ms`: every pause due by then ends, the earliest first. */
  advance(ms: number): void {
    this.time += ms;
    for (const pause of [...this.pauses].sort((a, b) => a.due - b.due)) if (pause.due <= this.time) pause.end();
  }
}
