import { useRef } from 'react';
import { describeFailure, formatBytes, formatNumber, formatShort, getNetworkStats, getTopPackagesCount, useAsync, valueOf } from '@skylift/shared';
import { useSiteContent } from '@skylift/shared/stores';
import { useCountUp } from '@skylift/shared/ui';
import styles from './About.module.css';

interface LiveFigures {
  requests: number;
  bytes: number;
  projects: number;
}

async function loadFigures(): Promise<LiveFigures> {
  const [network, projects] = await Promise.all([getNetworkStats({ period: 'month' }), getTopPackagesCount({ period: 'month' })]);
  return { requests: network.hits.total, bytes: network.bandwidth.total, projects };
}

function Figure({ value, format, label }: { value: number | null; format: (value: number) => string; label: string }) {
  const ref = useRef<HTMLElement>(null);
  const shown = useCountUp(value, { whenInView: ref });
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd ref={ref} aria-label={value === null ? undefined : format(value)}>
        {shown === null ? '…' : format(shown)}
      </dd>
    </div>
  );
}

/**
 * Requests, traffic and active projects of the last month from our statistics, and the figures an operator
 * states in content/site.json (shown only when set).
 */
export function HeadlineFigures() {
  const live = useAsync(loadFigures, []);
  const figures = valueOf(live) ?? null;
  const { regions, websites } = useSiteContent().figures;
  return (
    <section aria-labelledby="mk-figures-title" className={styles.figures}>
      <h2 id="mk-figures-title">In the last month</h2>
      {live.status === 'error' ? <p role="alert">The statistics could not be loaded: {describeFailure(live.error)}</p> : null}
      {figures && figures.requests === 0 ? <p>This deployment has not served any files in the last month yet.</p> : null}
      <dl>
        {live.status !== 'error' ? (
          <>
            <Figure label="Requests" value={figures?.requests ?? null} format={(n) => formatShort(Math.round(n))} />
            <Figure label="Traffic" value={figures?.bytes ?? null} format={(n) => formatBytes(n)} />
            <Figure label="Active projects" value={figures?.projects ?? null} format={(n) => formatNumber(Math.round(n))} />
          </>
        ) : null}
        {typeof regions === 'number' ? <Figure label="Global regions" value={regions} format={(n) => formatNumber(Math.round(n))} /> : null}
        {typeof websites === 'number' ? <Figure label="Websites using it" value={websites} format={(n) => formatShort(Math.round(n))} /> : null}
      </dl>
    </section>
  );
}
