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
