/**
 * Global data: for each provider, its requests and bandwidth over the period with their change from the
 * previous period, and its cache hit rate as measured from the request log; then all providers together.
 */
import { useState, type ReactNode } from 'react';
import { getNetworkStats, type NetworkStats } from '@skylift/shared';
import { formatMetric } from '../common/figures';
import { Growth } from '../common/Growth';
import { Switch } from '@skylift/shared/ui';
import { useLoad } from '../common/useLoad';
import { getProviderCache, providersFor, type ProviderCache } from './providers';
import { Section } from './Section';
import { useSiteContent } from '@skylift/shared/stores';
import ossCdnStyles from '../ossCdn/ossCdn.module.css';
import statisticsStyles from './statistics.module.css';

interface Totals {
  hits: { total: number; prev: number };
  bandwidth: { total: number; prev: number };
}

function totalsOf(stats: NetworkStats, code: string | null): Totals {
  const pick = (metric: 'hits' | 'bandwidth') => {
    if (code === null) return { total: stats[metric].total, prev: stats[metric].prev.total };
    const provider = stats[metric].providers.find((entry) => entry.code === code);
    return { total: provider?.total ?? 0, prev: provider?.prev.total ?? 0 };
  };
  return { hits: pick('hits'), bandwidth: pick('bandwidth') };
}

function ProviderFigures({ totals, cacheHitRate, showGrowth }: { totals: Totals; cacheHitRate?: number | null; showGrowth: boolean }) {
  return (
    <dl>
      <dt>Requests</dt>
      <dd>
        {formatMetric('hits', totals.hits.total)} {showGrowth && <Growth current={totals.hits.total} previous={totals.hits.prev} />}
      </dd>
      <dt>Bandwidth</dt>
      <dd>
        {formatMetric('bandwidth', totals.bandwidth.total)} {showGrowth && <Growth current={totals.bandwidth.total} previous={totals.bandwidth.prev} />}
      </dd>
      {cacheHitRate !== undefined && (
        <>
          <dt>Cache hit rate</dt>
          <dd>{cacheHitRate === null ? 'Not measured yet' : `${cacheHitRate.toFixed(2)}%`}</dd>
        </>
      )}
    </dl>
  );
}

export function GlobalSection({ period }: { period: string }) {
  const configured = useSiteContent().providers;
  const [showGrowth, setShowGrowth] = useState(true);
  const network = useLoad(`network|${period}`, () => getNetworkStats({ period }));
  const cache = useLoad(`cache|${period}`, () => getProviderCache(period));
  const rates = new Map<string, ProviderCache>(cache.state === 'loaded' ? cache.value.map((entry) => [entry.code, entry]) : []);

  let body: ReactNode;
  if (network.state === 'loading') body = <p>Loading the statistics...</p>;
  else if (network.state === 'failed') body = <p className={ossCdnStyles.error}>The statistics could not be loaded: {network.message}</p>;
  else {
    const stats = network.value;
    const codes = [...new Set([...stats.hits.providers, ...stats.bandwidth.providers].map((provider) => provider.code))];
    const names = Object.fromEntries(stats.hits.providers.map((provider) => [provider.code, provider.name]));
    const providers = providersFor(configured, codes, names);
    body =
      providers.length === 0 ? (
        <p className={ossCdnStyles.empty}>No data</p>
      ) : (
        <ul className={statisticsStyles.providers}>
          {providers.map((provider) => (
            <li key={provider.code} className={statisticsStyles.provider} style={{ ['--st-provider' as string]: provider.color }}>
              <h3>
                {provider.logo && <img src={provider.logo} alt="" />}
                {provider.name}
              </h3>
              <ProviderFigures
                showGrowth={showGrowth}
                totals={totalsOf(stats, provider.code)}
                cacheHitRate={cache.state === 'loaded' ? (rates.get(provider.code)?.cacheHitRate ?? null) : undefined}
              />
            </li>
          ))}
          {providers.length > 1 && (
            <li className={statisticsStyles.provider}>
              <h3>All providers</h3>
              <ProviderFigures showGrowth={showGrowth} totals={totalsOf(stats, null)} />
            </li>
          )}
        </ul>
      );
  }
  return (
    <Section
      title="Global data"
      settings={
        <Switch checked={showGrowth} onChange={setShowGrowth}>
          Compare with the previous period
        </Switch>
      }
    >
      {body}
    </Section>
  );
}
