/**
 * The last line of defence of a process: an exception nobody caught or a promise rejection nobody handled is
 * logged as a fatal line with its stack, and the process exits with code 1. Whatever threw may have left its
 * state half changed (a transaction open, a counter not decremented), so the process is not trusted to go on:
 * the launcher starts a replacement and logs why. Never a silent death.
 */
import { errorField, writeLogLine } from './logLine.ts';

let installed = false;

export function installFaultHandler(context: Record<string, unknown>): void {
  if (installed) return;
  installed = true;
  const die = (kind: string) => (error: unknown) => {
    writeLogLine('fatal', kind, { ...context, pid: process.pid, err: errorField(error) });
    process.exit(1);
  };
  process.on('uncaughtException', die('uncaught exception'));
  process.on('unhandledRejection', die('unhandled promise rejection'));
}
