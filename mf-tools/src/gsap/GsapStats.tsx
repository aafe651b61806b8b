/** The side panel: GSAP's requests and bandwidth on this CDN over the last month, from our statistics. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { BRAND, formatBytes, formatNumber, getPackageStats, useRuntimeConfig, type PackageStats } from '@skylift/shared';
import { PACKAGE } from './gsapLinks';

export function GsapStats() {
  const config = useRuntimeConfig();
  const [stats, setStats] = useState<PackageStats | null | 'failed'>(null);

  useEffect(() => {
    if (!config) return;
    let active = true;
    getPackageStats('npm', PACKAGE, 'month').then(
      (answer) => active && setStats(answer),
      () => active && setStats('failed'),
    );
    return () => {
      active = false;
    };
  }, [config]);

  return (
    <aside className="gsap__side" aria-labelledby="gsap-stats-title">
      <h2 id="gsap-stats-title">GSAP on {BRAND.name}</h2>
      {stats === null && <p>Loading statistics...</p>}
      {stats === 'failed' && <p>Statistics are not available right now.</p>}
      {stats !== null && stats !== 'failed' && (stats.hits.total === 0 && stats.bandwidth.total === 0 ? (
        <p>No statistics yet.</p>
      ) : (
        <dl className="gsap__figures">
          <dt>Requests in the last month</dt>
          <dd data-testid="gsap-hits">{formatNumber(stats.hits.total)}</dd>
          <dt>Bandwidth in the last month</dt>
          <dd>{formatBytes(stats.bandwidth.total)}</dd>
          {stats.hits.rank !== null && (
            <>
              <dt>Rank among all packages</dt>
              <dd>#{formatNumber(stats.hits.rank)}</dd>
            </>
          )}
        </dl>
      ))}
      <p>
        <Link to={`/package/npm/${PACKAGE}`}>Package page and statistics</Link>
      </p>
      <p className="gsap__banner">
        <Link to="/network/infographic">How the network delivers files</Link>
      </p>
    </aside>
  );
}
