/**
 * Which process of its service this one is. The launcher starts every process of a service with its slot
 * and role in the environment; the process in slot 0 is the service's leader and does the work that must
 * happen once per machine (statistics ingest, search index updates, resuming purge jobs). A process not
 * started by the launcher (tests, `--one-process`) is alone with its work, so it is the leader.
 */
import type { ProcessRole } from '../services.ts';

export type ProcessRoleName = 'leader' | 'follower';

export const ROLE_ENV = 'SKYLIFT_PROCESS_ROLE';
export const SLOT_ENV = 'SKYLIFT_PROCESS_SLOT';
export const SERVICE_ENV = 'SKYLIFT_SERVICE_PROCESS';

export function isLeaderProcess(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[ROLE_ENV] !== 'follower';
}

export function currentRole(env: NodeJS.ProcessEnv = process.env): ProcessRole {
  return { leader: isLeaderProcess(env) };
}

export function roleOfSlot(slot: number): ProcessRoleName {
  return slot === 0 ? 'leader' : 'follower';
}

/** The slot the launcher gave this process; 0 outside the launcher. */
export function processSlot(env: NodeJS.ProcessEnv = process.env): number {
  const slot = Number(env[SLOT_ENV] ?? 0);
  return Number.isInteger(slot) && slot >= 0 ? slot : 0;
}
