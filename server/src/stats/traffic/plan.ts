/**
 * What the demo traffic asks for: popular packages weighted by their downloads, a mix of exact versions,
 * ranges and no version, of default files, manifests, readmes and listings, and of the user agents,
 * providers and countries that a fronting CDN would report. Deterministic for a given seed.
 */
import type { CatalogEntry as FullCatalogEntry } from '../../packages/npm/npmCatalog.ts';
import { seededRandom } from './seededRandom.ts';

/** What the plan reads of a catalog row. */
type CatalogEntry = Pick<FullCatalogEntry, 'name' | 'version' | 'downloads'>;

export interface PlannedRequest {
  path: string;
  pkg: string;
  userAgent: string;
  provider: string;
  country: string;
}

type Weighted<T> = ReadonlyArray<readonly [T, number]>;

export const USER_AGENTS: Weighted<string> = [
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 30],
  ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36', 18],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 14],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 7],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 7],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 7],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 5],
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36', 3],
  ['Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 3],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0', 2],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 2],
  ['curl/8.5.0', 1],
  ['node', 1],
];

export const PROVIDERS: Weighted<string> = [
  ['CF', 45],
  ['FY', 25],
  ['BN', 15],
  ['GC', 15],
];

export const COUNTRIES: Weighted<string> = [
  ['US', 22],
  ['CN', 9],
  ['IN', 8],
  ['BR', 6],
  ['DE', 5],
  ['ID', 4],
  ['JP', 4],
  ['GB', 4],
  ['FR', 3],
  ['RU', 3],
  ['VN', 3],
  ['KR', 2],
  ['PL', 2],
  ['TR', 2],
  ['MX', 2],
  ['CA', 2],
  ['IT', 2],
  ['ES', 2],
  ['NL', 2],
  ['AU', 1],
  ['NG', 1],
  ['EG', 1],
  ['ZA', 1],
  ['AR', 1],
  ['SE', 1],
  ['UA', 1],
  ['PH', 1],
  ['TH', 1],
  ['NZ', 1],
  ['KE', 1],
];

export function weightedPicker<T>(items: Weighted<T>, random: () => number): () => T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  const cumulative: number[] = [];
  let acc = 0;
  for (const [, w] of items) cumulative.push((acc += w));
  return () => {
    const r = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return items[lo]![0];
  };
}

/** How the version is written: mostly exact, often a major range, sometimes nothing or an older major. */
function versionPart(entry: CatalogEntry, random: () => number): string {
  const [major = '0', minor = '0'] = entry.version.split('.');
  const r = random();
  if (r < 0.55) return `@${entry.version}`;
  if (r < 0.75) return `@${major}`;
  if (r < 0.85) return `@${major}.${minor}`;
  if (r < 0.95 || Number(major) < 1) return '';
  return `@${Number(major) - 1}`;
}

/** Which file: the default file most often, then the manifest, readme, licence and directory listing. */
const FILES: Weighted<string> = [
  ['', 50],
  ['/package.json', 20],
  ['/README.md', 12],
  ['/LICENSE', 8],
  ['/', 10],
];

export function planTraffic(catalog: readonly CatalogEntry[], count: number, options: { packages: number; seed: number }): PlannedRequest[] {
  const random = seededRandom(options.seed);
  // Popularity follows the catalog's downloads, so the statistics rank packages like the real world does.
  const pool = catalog.slice(0, Math.max(1, options.packages));
  const pickPackage = weightedPicker(
    pool.map((entry) => [entry, Math.max(1, entry.downloads)] as const),
    random,
  );
  const pickFile = weightedPicker(FILES, random);
  const pickAgent = weightedPicker(USER_AGENTS, random);
  const pickProvider = weightedPicker(PROVIDERS, random);
  const pickCountry = weightedPicker(COUNTRIES, random);
  const requests: PlannedRequest[] = [];
  for (let i = 0; i < count; i++) {
    const entry = pickPackage();
    requests.push({
      path: `/npm/${entry.name}${versionPart(entry, random)}${pickFile()}`,
      pkg: entry.name,
      userAgent: pickAgent(),
      provider: pickProvider(),
      country: pickCountry(),
    });
  }
  return requests;
}
