/**
 * The days each statistics catch-up changed, told to every process of the data service, so that each drops
 * the figures it keeps in memory for them (`StatsStore.noteIngested`). Only one process ingests (the
 * launcher's leader, or each machine's leader in a fleet), and the others' caches would otherwise stay stale
 * until their lifetimes ran out: 30 s for the months with data, 5 min for past days' totals.
 *
 * Under the launcher the days go over its IPC channel, which sends them on to the other processes of the
 * service (`../launcher/supervisor.ts`). With Redis they are also published to every data process of the
 * fleet, whose leaders may fold their own machines' logs into one PostgreSQL database. A process may hear of
 * a batch twice (from the launcher and from Redis): dropping a cache twice costs one more read.
 */
import crypto from 'node:crypto';
import type { IngestedMessage } from '../ipc/messages.ts';
import type { SharedState } from '../fleetState/index.ts';

const CHANNEL = 'stats-ingested';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** More days than a catch-up touches (late lines of a few days); a longer list is cut, not trusted. */
const MAX_DAYS = 400;

export interface IngestNotices {
  /** Tells the other processes which days the last catch-up changed. */
  announce(days: Iterable<string>): void;
  close(): Promise<void>;
}

/** Only well-formed days, at most MAX_DAYS: the message comes from another process. */
function daysOf(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const days = value.filter((day): day is string => typeof day === 'string' && DAY.test(day)).slice(0, MAX_DAYS);
  return days.length > 0 ? days : null;
}

/**
 * Hears the days other processes ingested (`onDays`), and returns how to announce this process's.
 * `log` hears of a failed announcement: the others then catch up when their caches expire.
 */
export async function shareIngestedDays(state: SharedState, onDays: (days: string[]) => void, log: (error: unknown) => void): Promise<IngestNotices> {
  const underLauncher = process.env['SKYLIFT_SERVICE_PROCESS'] !== undefined && typeof process.send === 'function';
  const fromLauncher = (message: IngestedMessage): void => {
    if (message?.type !== 'stats-ingested') return;
    const days = daysOf(message.days);
    if (days) onDays(days);
  };
  if (underLauncher) process.on('message', fromLauncher);

  // Redis delivers a message to its publisher too: this process knows its own days already.
  const self = crypto.randomUUID();
  const stopFleet =
    state.kind === 'redis'
      ? await state.subscribe(CHANNEL, (raw) => {
          let message: { from?: unknown; days?: unknown };
          try {
            message = JSON.parse(raw) as typeof message;
          } catch {
            return;
          }
          const days = message.from !== self ? daysOf(message.days) : null;
          if (days) onDays(days);
        })
      : null;

  return {
    announce(iterable) {
      const days = [...iterable];
      if (days.length === 0) return;
      if (underLauncher) process.send!({ type: 'stats-ingested', days } satisfies IngestedMessage, undefined, undefined, (error) => error && log(error));
      if (stopFleet) state.publish(CHANNEL, JSON.stringify({ from: self, days })).catch(log);
    },
    async close() {
      if (underLauncher) process.off('message', fromLauncher);
      await stopFleet?.();
    },
  };
}
