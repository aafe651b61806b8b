/**
 * An offline IP-to-country database: the address ranges of the `@ip-location-db/geo-whois-asn-country`
 * package (country of each block from the regional internet registries' data and published geofeeds;
 * CC BY 4.0, NRO), loaded once into sorted typed arrays and searched by bisection. About half a million
 * ranges take a few megabytes and under two seconds to read, in a thread of their own so that requests
 * never wait for it; until then lookups answer null.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { WorkerPool } from '../../workers/workerPool.ts';
import { parseAddress } from './addresses.ts';
import { decode, type CountryTables, type Table } from './countryTables.ts';

export interface CountryLookup {
  /** ISO 3166-1 alpha-2 code of a public address, or null (unknown, private, not loaded yet). */
  countryOf(address: string | undefined): string | null;
}

/** The code of the range holding `value` in ranges sorted by start, or null. */
function search<V extends number | bigint>(table: Table<ArrayLike<V>>, value: V): string | null {
  let low = 0;
  let high = table.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((table.starts[middle] as V) <= value) low = middle + 1;
    else high = middle - 1;
  }
  if (high < 0 || (table.ends[high] as V) < value) return null;
  return decode(table.codes[high] ?? 0);
}

let bundledLoad: Promise<CountryDatabase> | null = null;

export class CountryDatabase implements CountryLookup {
  private constructor(
    private readonly ipv4: Table<Uint32Array>,
    private readonly ipv6: Table<BigUint64Array>,
  ) {}

  /** Reads `{dir}/geo-whois-asn-country-ipv4-num.csv` and `-ipv6-num.csv` (start,end,country per line) in a thread. */
  static async load(dir: string): Promise<CountryDatabase> {
    const reader = new WorkerPool<string, CountryTables>({
      workerUrl: new URL('./countryTablesWorker.ts', import.meta.url),
      threads: 1,
      startOnDemand: true,
      timeLimitMs: 120_000,
      maxQueued: 1,
      errors: {
        closed: () => new Error('The IP-to-country reader was closed.'),
        queueFull: () => new Error('The IP-to-country reader is busy.'),
        timedOut: (folder) => new Error(`Reading the IP-to-country database in ${folder} took over two minutes.`),
      },
    });
    try {
      const { ipv4, ipv6 } = await reader.run(dir);
      return new CountryDatabase(ipv4, ipv6);
    } finally {
      await reader.close();
    }
  }

  /** The bundled database, loaded once per process however many apps ask for it. */
  static bundled(): Promise<CountryDatabase> {
    bundledLoad ??= CountryDatabase.load(CountryDatabase.packageDir());
    return bundledLoad;
  }

  /** Where the package keeps its files. */
  static packageDir(): string {
    const require = createRequire(import.meta.url);
    return path.dirname(require.resolve('@ip-location-db/geo-whois-asn-country/package.json'));
  }

  /** Answers for recent addresses: the same clients come back, and parsing an address costs more than the search. */
  private readonly recent = new LRUCache<string, { code: string | null }>({ max: 10_000 });

  countryOf(address: string | undefined): string | null {
    if (!address) return null;
    const known = this.recent.get(address);
    if (known) return known.code;
    const parsed = parseAddress(address);
    const code = !parsed ? null : parsed.family === 4 ? search(this.ipv4, parsed.value) : search(this.ipv6, parsed.high);
    this.recent.set(address, { code });
    return code;
  }
}

/** A lookup that answers null until the database has loaded, and for good when it cannot be loaded. */
export function backgroundCountryLookup(load: () => Promise<CountryLookup>, onError: (error: unknown) => void): CountryLookup & { ready: Promise<void> } {
  let database: CountryLookup | null = null;
  // Through then() so that a load that throws at once (the package is missing) is reported like any failure.
  const ready = Promise.resolve()
    .then(load)
    .then(
      (loaded) => {
        database = loaded;
      },
      (error: unknown) => onError(error),
    );
  return { ready, countryOf: (address) => database?.countryOf(address) ?? null };
}
