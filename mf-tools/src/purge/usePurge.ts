/**
 * The purge flow: the captcha step, the purge request, polling every second until the job
 * is `finished`, the results; any failed request shows the error and resets to the form.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { PurgeRequestError, getPurgeStatus, requestPurge } from './purgeClient';
import { toResults, type PathResult } from './results';

export const PURGE_ERROR = 'An error occurred while purging!';

/**
 * What a refusal for too many purges says: when to try again, as the service named it; the service's
 * window is one minute, so without a figure the answer is a minute.
 */
export function rateLimitMessage(seconds: number | null): string {
  const wait = seconds === null ? 'a minute' : seconds <= 1 ? '1 s' : `${seconds} s`;
  return `Too many purges from your address; try again in ${wait}.`;
}

/** The text a failed request shows: the rate limit's own answer, otherwise the one error text. */
export function purgeErrorText(reason: unknown): string {
  return reason instanceof PurgeRequestError && reason.status === 429 ? rateLimitMessage(reason.retryAfterSeconds) : PURGE_ERROR;
}
export const POLL_INTERVAL_MS = 1000;
/**
 * Polls that may fail to reach the service in a row (a restart of the purge service, a network blip)
 * before the purge is reported as failed; the job itself is stored and survives a restart.
 */
export const MAX_UNREACHABLE_POLLS = 30;

export type PurgePhase = 'form' | 'captcha' | 'purging';

export interface PurgeFlow {
  phase: PurgePhase;
  results: PathResult[];
  error: string | null;
  showCaptcha(): void;
  cancelCaptcha(): void;
  purge(token: string, paths: readonly string[]): void;
  clearError(): void;
}

export function usePurge(purgeUrl: string | null): PurgeFlow {
  const [phase, setPhase] = useState<PurgePhase>('form');
  const [results, setResults] = useState<PathResult[]>([]);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const fail = useCallback((reason?: unknown) => {
    if (!alive.current) return;
    clearTimeout(timer.current);
    setError(purgeErrorText(reason));
    setPhase('form');
  }, []);

  const purge = useCallback(
    (token: string, paths: readonly string[]) => {
      if (!purgeUrl || paths.length === 0) return;
      setPhase('purging');
      setError(null);
      const poll = (id: string, unreachable: number): void => {
        timer.current = setTimeout(() => {
          getPurgeStatus(purgeUrl, id).then(
            (status) => {
              if (!alive.current) return;
              if (status.status !== 'finished') return poll(id, 0);
              setResults(toResults(status.paths));
              setPhase('form');
            },
            (error: unknown) => {
              // An answer (404, 500) is final; no answer at all is retried for a while.
              if (error instanceof PurgeRequestError || unreachable + 1 >= MAX_UNREACHABLE_POLLS) return fail(error);
              if (alive.current) poll(id, unreachable + 1);
            },
          );
        }, POLL_INTERVAL_MS);
      };
      requestPurge(purgeUrl, token, paths).then((id) => {
        if (alive.current) poll(id, 0);
      }, fail);
    },
    [purgeUrl, fail],
  );

  return {
    phase,
    results,
    error,
    showCaptcha: () => {
      setResults([]);
      setPhase('captcha');
    },
    cancelCaptcha: () => setPhase((current) => (current === 'captcha' ? 'form' : current)),
    purge,
    clearError: () => setError(null),
  };
}
