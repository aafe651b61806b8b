/** The results list: one row per path with its status; details per provider on demand. */
import { useState } from 'react';
import type { PathResult } from './results';
import styles from './PurgePage.module.css';

function originNote(result: PathResult): string | null {
  if (result.origin === 'immutable') return 'An exact version never changes: only the fronting CDNs were asked.';
  if (result.origin === 'dropped') return 'Our cached version resolutions were dropped.';
  return null;
}

export function PurgeResults({ results }: { results: readonly PathResult[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const anyOpen = open.size > 0;
  const toggle = (index: number): void =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <section className={styles.results} aria-labelledby="purge-results-title">
      <h2 id="purge-results-title" className={styles.resultsTitle}>
        <span>Results</span>
        <button type="button" className={styles.detailsToggle} onClick={() => setOpen(anyOpen ? new Set() : new Set(results.map((_, i) => i)))}>
          {anyOpen ? 'Hide details' : 'Show details'}
        </button>
      </h2>
      <ul className={styles.list}>
        {results.map((result, index) => {
          const expanded = open.has(index);
          const note = originNote(result);
          return (
            <li key={result.path} className={styles.item}>
              {result.throttled ? (
                <div className={styles.itemRow}>
                  <span className={styles.path}>{result.path}</span>
                  <span className={styles.statusThrottled}>Throttled</span>
                </div>
              ) : (
                <button type="button" className={styles.itemRow} aria-expanded={expanded} onClick={() => toggle(index)}>
                  <span className={styles.path}>{result.path}</span>
                  <span className={result.success ? styles.statusSuccess : styles.statusFailed}>{result.status}</span>
                </button>
              )}
              {!result.throttled && expanded && (
                <div className={styles.details}>
                  {result.providers.length === 0 ? (
                    <p>No fronting CDN is configured for this deployment.</p>
                  ) : (
                    <ul className={styles.providers}>
                      {result.providers.map((provider) => (
                        <li key={provider.code}>
                          <span aria-hidden="true">{provider.ok ? '✓' : '✗'}</span> {provider.name}: {provider.ok ? 'purged' : 'failed'}
                        </li>
                      ))}
                    </ul>
                  )}
                  {note && <p className={styles.note}>{note}</p>}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
