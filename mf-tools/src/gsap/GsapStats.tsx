/**
 * The side panel: GSAP's requests and bandwidth on this CDN over a period, from our statistics, with a
 * bar chart of daily requests. Figures count up when they arrive.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BRAND, formatBytes, formatNumber, getPackageStats, useAsync, useRuntimeConfig, valueOf } from '@skylift/shared';
import { Dropdown, useCountUp } from '@skylift/shared/ui';
import { PACKAGE } from './gsapLinks';
import { StatsChart } from './StatsChart';
import type { SidePeriod } from './statsChart';
import styles from './GsapPage.module.css';

/** The side panel's figures count up faster than the about page's headline figures. */
const COUNT_UP_MS = 1000;

const PERIODS: ReadonlyArray<{ value: SidePeriod; label: string }> = [
  { value: 'month', label: 'Last month' },
  { value: 'quarter', label: 'Last quarter' },
  { value: 'year', label: 'Last year' },
];

function Figure({ value, format, testId }: { value: number; format: (n: number) => string; testId?: string }) {
  const shown = useCountUp(value, { durationMs: COUNT_UP_MS });
  return (
    <dd data-testid={testId} data-value={value}>
      {format(Math.round(shown))}
    </dd>
  );
}

export function GsapStats() {
  const config = useRuntimeConfig();
  const [period, setPeriod] = useState<SidePeriod>('month');
  const answer = useAsync(config ? () => getPackageStats('npm', PACKAGE, period) : null, [config, period]);
  const stats = answer.status === 'error' ? 'failed' : (valueOf(answer) ?? null);

  return (
    <aside aria-labelledby="gsap-stats-title">
      <h2 id="gsap-stats-title">GSAP on {BRAND.name}</h2>
      <Dropdown label="Period" items={PERIODS} value={period} onChange={setPeriod} />
      {stats === null && <p>Loading statistics...</p>}
      {stats === 'failed' && <p>Statistics are not available right now.</p>}
      {stats !== null &&
        stats !== 'failed' &&
        (stats.hits.total === 0 && stats.bandwidth.total === 0 ? (
          <p>No statistics yet.</p>
        ) : (
          <>
            <dl className={styles.figures}>
              <dt>Requests</dt>
              <Figure value={stats.hits.total} format={(n) => formatNumber(n)} testId="gsap-hits" />
              <dt>Bandwidth</dt>
              <Figure value={stats.bandwidth.total} format={(n) => formatBytes(n)} />
              {stats.hits.rank !== null && (
                <>
                  <dt>Rank among all packages</dt>
                  <dd>#{formatNumber(stats.hits.rank)}</dd>
                </>
              )}
            </dl>
            <StatsChart dates={stats.hits.dates} period={period} />
          </>
        ))}
      <p>
        <Link to={`/package/npm/${PACKAGE}`}>Package page and statistics</Link>
      </p>
      <p>
        <Link to="/network/infographic">How the network delivers files</Link>
      </p>
    </aside>
  );
}
