import type { RemoteName } from '@skylift/shared/federation/index';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteFallback } from './RemoteFallback';
import { useRemotePages } from './useRemotePages';
import styles from './RemoteRoute.module.css';

/** Renders `pages[path]` of a remote's `./pages`, loaded lazily, with a fallback and a Retry on failure. */
export function RemoteRoute({ remote, path }: { remote: RemoteName; path: string }) {
  const { state, attempt, retry } = useRemotePages(remote);
  if (state.status === 'loading') {
    return (
      <div className={styles.loading} aria-busy="true" aria-live="polite">
        <span className={styles.spinner} aria-hidden="true" />
        <span className={styles.hidden}>Loading…</span>
      </div>
    );
  }
  if (state.status === 'failed') return <RemoteFallback onRetry={retry} />;
  const Page = state.module.pages[path];
  if (!Page) return <RemoteFallback onRetry={retry} />;
  return (
    // A new attempt mounts a fresh boundary, so a retry after a render error renders again.
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
      <Page />
    </RemoteErrorBoundary>
  );
}
