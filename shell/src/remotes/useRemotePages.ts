import { useCallback, useEffect, useState } from 'react';
import type { PagesModule, RemoteName } from '@skylift/shared/federation/index';
import { loadRemotePages, loadedPages } from './loadRemotePages';

export type RemotePagesState = { status: 'loading' } | { status: 'ready'; module: PagesModule } | { status: 'failed'; error: unknown };

/** A remote's pages for a component: loading, ready or failed, and a retry that loads again. */
export function useRemotePages(remote: RemoteName): { state: RemotePagesState; attempt: number; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<RemotePagesState>(() => {
    const module = loadedPages(remote);
    return module ? { status: 'ready', module } : { status: 'loading' };
  });

  useEffect(() => {
    let current = true;
    const cached = attempt === 0 ? loadedPages(remote) : undefined;
    if (cached) {
      setState({ status: 'ready', module: cached });
      return;
    }
    setState({ status: 'loading' });
    loadRemotePages(remote, { retry: attempt > 0 }).then(
      (module) => current && setState({ status: 'ready', module }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [remote, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, attempt, retry };
}
