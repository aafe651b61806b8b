/** The results list: one row per path with its status; details per provider on demand. */
import { useState } from 'react';
import type { PathResult } from './results';

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
    <section className="purge__results" aria-labelledby="purge-results-title">
      <h2 id="purge-results-title" className="purge__results-title">
        <span>Results</span>
        <button type="button" className="purge__details-toggle" onClick={() => setOpen(anyOpen ? new Set() : new Set(results.map((_, i) => i)))}>
          {anyOpen ? 'Hide details' : 'Show details'}
        </button>
      </h2>
      <ul className="purge__list">
        {results.map((result, index) => {
          const expanded = open.has(index);
          const note = originNote(result);
          return (
            <li key={result.path} className="purge__item">
              {result.throttled ? (
                <div className="purge__item-row">
                  <span className="purge__path">{result.path}</span>
                  <span className="purge__status purge__status--throttled">Throttled</span>
                </div>
              ) : (
                <button type="button" className="purge__item-row" aria-expanded={expanded} onClick={() => toggle(index)}>
                  <span className="purge__path">{result.path}</span>
                  <span className={`purge__status ${result.success ? 'purge__status--success' : 'purge__status--failed'}`}>{result.status}</span>
                </button>
              )}
              {!result.throttled && expanded && (
                <div className="purge__details">
                  {result.providers.length === 0 ? (
                    <p>No fronting CDN is configured for this deployment.</p>
                  ) : (
                    <ul className="purge__providers">
                      {result.providers.map((provider) => (
                        <li key={provider.code} className={provider.ok ? 'purge__provider--ok' : 'purge__provider--failed'}>
                          <span aria-hidden="true">{provider.ok ? '✓' : '✗'}</span> {provider.name}: {provider.ok ? 'purged' : 'failed'}
                        </li>
                      ))}
                    </ul>
                  )}
                  {note && <p className="purge__note">{note}</p>}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
