/**
 * How many processes each service runs: `SKYLIFT_<SERVICE>_PROCESSES`, by default one per core for the CDN
 * (`SKYLIFT_CDN_WORKERS` is still read for it) and two for every other service, so that one of them can die
 * while the other answers.
 */
import os from 'node:os';
import type { ServiceName } from '../config/config.ts';

export const DEFAULT_PROCESSES = 2;
const MAX_PROCESSES = 64;

function parseCount(variable: string, raw: string): number {
  if (!/^[0-9]+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_PROCESSES) {
    throw new Error(`${variable} must be a whole number from 1 to ${MAX_PROCESSES}, got "${raw}".`);
  }
  return Number(raw);
}

export function processCount(service: ServiceName, env: NodeJS.ProcessEnv = process.env, cores = os.availableParallelism()): number {
  const variable = `SKYLIFT_${service.toUpperCase()}_PROCESSES`;
  const raw = env[variable]?.trim();
  if (raw) return parseCount(variable, raw);
  if (service === 'cdn') {
    const workers = env['SKYLIFT_CDN_WORKERS']?.trim();
    return workers ? parseCount('SKYLIFT_CDN_WORKERS', workers) : Math.min(cores, MAX_PROCESSES);
  }
  return DEFAULT_PROCESSES;
}
