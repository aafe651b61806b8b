import { useCallback, useState } from 'react';
import { useAsync } from '@skylift/shared';
import type { PagesModule, RemoteName } from '@skylift/shared/pages';
import { loadRemotePages, loadedPages } from './loadRemotePages';

export type RemotePagesState = { status: 'loading' } | { status: 'ready'; module: PagesModule } | { status: 'failed'; error: unknown };

/** A remote's pages for a component: loading, ready or failed, and a retry that loads again. */
export function useRemotePages(remote: RemoteName): { state: RemotePagesState; attempt: number; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  // Pages loaded before (by another route of the same remote) are shown at once; a retry always loads again.
  const cached = attempt === 0 ? loadedPages(remote) : undefined;
  const answer = useAsync(cached ? null : () => loadRemotePages(remote, { retry: attempt > 0 }), [remote, attempt]);

  let state: RemotePagesState;
  if (cached) state = { status: 'ready', module: cached };
  else if (answer.status === 'ok') state = { status: 'ready', module: answer.value };
  else if (answer.status === 'error') state = { status: 'failed', error: answer.error };
  else state = { status: 'loading' };

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, attempt, retry };
}
