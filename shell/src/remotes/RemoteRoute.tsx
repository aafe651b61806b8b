import { Suspense } from 'react';
import type { RemoteName } from '@skylift/shared/pages';
// By its own path: the library's federation entry also holds the remotes' mount and standalone helpers.
import { lazyPage } from '@skylift/shared';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteFallback } from './RemoteFallback';
import { reloadForNewDeployment } from './reloadForNewDeployment';
import { useRemotePages } from './useRemotePages';
import styles from './RemoteRoute.module.css';

function Loading() {
  return (
    <div className={styles.loading} aria-busy="true" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.hidden}>Loading…</span>
    </div>
  );
}

/**
 * Renders the page a remote declares for `path`: the remote's `./pages` module is loaded lazily, then the
 * page's own code. A page whose code cannot be fetched (a new deployment of the remote replaced the chunks the
 * open page knew) is loaded again, once, from the deployment now live (reloadForNewDeployment.ts); a failure
 * after that, or of the `./pages` module, shows the fallback with a Retry.
 */
export function RemoteRoute({ remote, path }: { remote: RemoteName; path: string }) {
  const { state, attempt, retry } = useRemotePages(remote);
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') return <RemoteFallback onRetry={retry} />;
  const definition = state.module.pages.pages.find((page) => page.path === path);
  if (!definition) return <RemoteFallback onRetry={retry} />;
  const Page = lazyPage(definition);
  return (
    // A new attempt mounts a fresh boundary, so a retry after a render error renders again.
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry} onLoadFailure={reloadForNewDeployment} loading={<Loading />}>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
