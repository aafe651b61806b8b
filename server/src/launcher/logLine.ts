/**
 * The lines the launcher and the fault handler write themselves: one JSON object per line on stderr, with a
 * named level, written synchronously so that a line about a dying process is out before it exits. They are
 * written whatever `SKYLIFT_LOG_LEVEL` says: a death or a restart is never silent.
 */
import fs from 'node:fs';

export type LineLevel = 'fatal' | 'error' | 'warn' | 'info';

export function writeLogLine(level: LineLevel, msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, msg, ...fields, time: Date.now() });
  try {
    fs.writeSync(2, `${line}\n`);
  } catch {
    // stderr closed (the terminal went away): nothing left to tell.
  }
}

/** An error as a log field: its type, message and stack. */
export function errorField(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { type: error.name, message: error.message, stack: error.stack };
  return { type: typeof error, message: String(error) };
}
