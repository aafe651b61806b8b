import styles from './RemoteFallback.module.css';

/** Shown inside the frame when a remote cannot be loaded or fails while rendering; the rest of the site works. */
export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <section className={styles.fallback} data-testid="remote-fallback" role="alert">
      <h1>This part of the site could not be loaded.</h1>
      <p>It may be a network problem or a short outage on our side. Everything else on the site still works.</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}
