/** Runs a data API call whenever its key changes and keeps the latest answer as loading / loaded / failed. */
import { useMemo } from 'react';
import { describeFailure, useAsync, type AsyncState } from '@skylift/shared';

export type Loadable<T> = { state: 'loading' } | { state: 'loaded'; value: T } | { state: 'failed'; message: string };

function loadable<T>(answer: AsyncState<T>): Loadable<T> {
  if (answer.status === 'ok') return { state: 'loaded', value: answer.value };
  return answer.status === 'error' ? { state: 'failed', message: describeFailure(answer.error) } : { state: 'loading' };
}

export function useLoad<T>(key: string, load: () => Promise<T>): Loadable<T> {
  // An answer for an older key is never shown for the new one (useAsync drops it).
  const answer = useAsync(load, [key]);
  // The same object while the answer is the same, so it can be a dependency of a memo.
  return useMemo(() => loadable(answer), [answer]);
}
