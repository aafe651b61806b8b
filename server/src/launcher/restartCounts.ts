/**
 * The restart counts as a service process knows them, for its `/metrics`: the launcher puts them in the
 * environment of each process it starts and sends them again whenever one changes. A process outside the
 * launcher has none.
 */
import { RESTARTS_ENV, type LauncherMessage, type RestartCount } from './messages.ts';

function parse(raw: string | undefined): RestartCount[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? (value as RestartCount[]) : [];
  } catch {
    return [];
  }
}

let counts: readonly RestartCount[] = parse(process.env[RESTARTS_ENV]);

if (typeof process.send === 'function') {
  process.on('message', (message: LauncherMessage) => {
    if (message?.type === 'restarts' && Array.isArray(message.counts)) counts = message.counts;
  });
}

export function restartCounts(): readonly RestartCount[] {
  return counts;
}

/** The launcher's side: the counts by service and cause, as the messages carry them. */
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
