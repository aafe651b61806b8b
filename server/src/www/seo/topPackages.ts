/**
 * The most used packages of the past 30 days by our statistics (hits), for the sitemap. The statistics
 * store is opened on first use, so a web server that is never asked for its sitemap never opens it.
 */
import type { Config } from '../../config/config.ts';
import { addDays, isoDay } from '../../stats/periods.ts';
import type { StatsStore } from '../../stats/store.ts';
import type { SitemapPackage } from './sitemap.ts';

export type TopPackages = (limit: number) => Promise<readonly SitemapPackage[]>;

export function topPackagesFromStats(config: Pick<Config, 'dataDir' | 'storage'>): { topPackages: TopPackages; close(): Promise<void> } {
  let store: Promise<StatsStore> | undefined;
  const open = (): Promise<StatsStore> => {
    store ??= import('../../stats/store.ts').then(({ openStatsStore }) => openStatsStore(config));
    store.catch(() => (store = undefined));
    return store;
  };
  return {
    topPackages: async (limit) => {
      const today = isoDay(new Date());
      const top = await (await open()).reads.packages.topIn({ from: addDays(today, -30), to: addDays(today, -1) }, 'hits', undefined, { limit, offset: 0 });
      // The sitemap lists package pages; WordPress plugins and themes have none.
      return top.rows.flatMap((row) => (row.type === 'wp' ? [] : [{ type: row.type, name: row.name }]));
    },
    close: async () => {
      if (store) await (await store).close();
    },
  };
}
