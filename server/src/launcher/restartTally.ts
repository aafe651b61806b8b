/** The launcher's tally of restarts, sent to every service process (`../ipc/restartCounts.ts` is their side). */
import type { RestartCount } from '../ipc/messages.ts';

/** The counts by service and cause, as the messages carry them. */
export class RestartTally {
  private readonly counts = new Map<string, RestartCount>();

  /** Counts one restart; answers how many restarts the service has had so far. */
  add(service: string, cause: string): number {
    const key = `${service}\u0000${cause}`;
    const entry = this.counts.get(key) ?? { service, cause, count: 0 };
    entry.count++;
    this.counts.set(key, entry);
    return this.list()
      .filter((count) => count.service === service)
      .reduce((sum, count) => sum + count.count, 0);
  }

  list(): RestartCount[] {
    return [...this.counts.values()].map((count) => ({ ...count }));
  }
}
