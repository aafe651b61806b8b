/**
 * Network data: the continent or country filter; requests or bandwidth over time, per provider or for all
 * of them; the world map of the period's traffic by country; and the Top platforms and Top browsers.
 */
import { useCallback, useMemo, useState } from 'react';
import { getNetworkCountries, getNetworkStats } from '@skylift/shared';
import { WorldMap, Chart } from '@skylift/shared/charts';
import { formatMetric, CHART_DRAW_DELAY_MS } from '../common/figures';
import { METRIC_LABELS, MetricSwitch, type Metric } from '../common/MetricSwitch';
import { Switch } from '@skylift/shared/ui';
import { useLoad } from '../common/useLoad';
import { LocationFilter } from './LocationFilter';
import { lineChartOption, providerLines } from './providerChartOption';
import { providersFor } from './providers';
import {
  ALL_PROVIDERS_ON,
  GLOBAL,
  isProviderOn,
  isProviderSwitchDisabled,
  setBreakdown,
  toggleProvider,
  type LocationFilter as Filter,
  type ProviderSwitches,
} from './rules';
import { Section } from './Section';
import { ShareTable } from './ShareTable';
import { useSiteContent } from '@skylift/shared/stores';
import ossCdnStyles from '../ossCdn/ossCdn.module.css';
import statisticsStyles from './statistics.module.css';

export function NetworkSection({ period }: { period: string }) {
  const configured = useSiteContent().providers;
  const [metric, setMetric] = useState<Metric>('hits');
  const [location, setLocation] = useState<Filter>(GLOBAL);
  const [switches, setSwitches] = useState<ProviderSwitches>(ALL_PROVIDERS_ON);
  const network = useLoad(`network|${period}|${location.country}|${location.continent}`, () =>
    getNetworkStats({ period, country: location.country ?? undefined, continent: location.continent ?? undefined }),
  );
  const countries = useLoad(`countries|${period}`, () => getNetworkCountries(period));

  const stats = network.state === 'loaded' ? network.value : null;
  const series = useMemo(() => stats?.[metric].providers ?? [], [stats, metric]);
  const providers = useMemo(() => {
    const all = stats ? [...stats.hits.providers, ...stats.bandwidth.providers] : [];
    const codes = [...new Set(all.map((provider) => provider.code))];
    return providersFor(configured, codes, Object.fromEntries(all.map((provider) => [provider.code, provider.name])));
  }, [stats, configured]);
  const codes = providers.map((provider) => provider.code);
  const on = (code: string) => isProviderOn(switches, code);
  const noData = stats !== null && stats.hits.total === 0 && stats.bandwidth.total === 0;

  const chart = useMemo(() => {
    const { dates, lines } = providerLines(series, providers, (code) => isProviderOn(switches, code), switches.breakdown);
    return lineChartOption(dates, lines, metric);
  }, [series, providers, switches, metric]);

  const countryList = useMemo(() => (countries.state === 'loaded' ? countries.value[metric].countries : []), [countries, metric]);
  const mapValues = useMemo(() => {
    const values: Record<string, number> = {};
    for (const country of countryList) {
      values[country.code] = country.providers.filter((provider) => isProviderOn(switches, provider.code)).reduce((sum, provider) => sum + provider.total, 0);
    }
    return values;
  }, [countryList, switches]);
  const formatMapValue = useCallback((value: number) => formatMetric(metric, value), [metric]);
  const filterCountries = useMemo(
    () => (countries.state === 'loaded' ? countries.value.hits.countries.map(({ code, name }) => ({ code, name })) : []),
    [countries],
  );

  const settings = (
    <>
      <MetricSwitch value={metric} onChange={setMetric} />
      <Switch checked={switches.breakdown} onChange={(breakdown) => setSwitches(setBreakdown(switches, breakdown))}>
        Show provider breakdown
      </Switch>
      <div className={statisticsStyles.providerSwitches} role="group" aria-label="Providers">
        {providers.map((provider) => (
          <Switch
            key={provider.code}
            color={provider.color}
            checked={on(provider.code)}
            disabled={isProviderSwitchDisabled(switches, provider.code, codes)}
            onChange={() => setSwitches(toggleProvider(switches, provider.code, codes))}
          >
            {provider.name}
          </Switch>
        ))}
      </div>
    </>
  );

  return (
    <Section title="Network data" settings={settings}>
      <LocationFilter value={location} onChange={setLocation} countries={filterCountries} />
      {/* The chart's height is kept while it loads, so the map below does not jump into view early. */}
      <div className={statisticsStyles.networkChart}>
        <h3>{METRIC_LABELS[metric]} over time</h3>
        {network.state === 'loading' && <p>Loading the statistics...</p>}
        {network.state === 'failed' && <p className={ossCdnStyles.error}>The statistics could not be loaded: {network.message}</p>}
        {noData && <p className={ossCdnStyles.empty}>No data</p>}
        {stats && !noData && (
          <>
            <p>{formatMetric(metric, stats[metric].total)} in total</p>
            <Chart option={chart} label={`${METRIC_LABELS[metric]} over time${switches.breakdown ? ', by provider' : ''}`} drawDelayMs={CHART_DRAW_DELAY_MS} />
          </>
        )}
      </div>
      <div>
        <h3>{METRIC_LABELS[metric]} by country</h3>
        {countries.state === 'failed' && <p className={ossCdnStyles.error}>The countries could not be loaded: {countries.message}</p>}
        <WorldMap
          label={`${METRIC_LABELS[metric]} by country`}
          values={countries.state === 'loaded' ? mapValues : undefined}
          valueLabel={METRIC_LABELS[metric]}
          formatValue={formatMapValue}
          emptyText="No data"
        />
      </div>
      <div className={statisticsStyles.shares}>
        <ShareTable kind="platforms" period={period} location={location} />
        <ShareTable kind="browsers" period={period} location={location} />
      </div>
    </Section>
  );
}
