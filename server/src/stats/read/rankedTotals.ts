/**
 * Every package's totals over one range of days, ranked by hits and by bandwidth, overall and within each
 * type: a rank is a binary search and a page of the top list a slice, however many packages there are.
 */
import type { Metric, PackageKind, Page, Paged, Totals } from '../types.ts';

export type PackageTotal = { type: PackageKind; name: string } & Totals;

export const packageKey = (type: string, name: string): string => `${type}/${name}`;

/** Larger first; equal figures by type, then name (the order the top list has always had). */
function byMetric(metric: Metric): (x: PackageTotal, y: PackageTotal) => number {
  return (x, y) => y[metric] - x[metric] || (x.type < y.type ? -1 : x.type > y.type ? 1 : x.name < y.name ? -1 : x.name > y.name ? 1 : 0);
}

/** How many of `sorted` (largest first) are larger than `value`. */
function countAbove(sorted: readonly PackageTotal[], metric: Metric, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]![metric] > value) low = middle + 1;
    else high = middle;
  }
  return low;
}

export interface Rank {
  /** Packages with more (not as many) of the metric; null where the package has none. */
  rank: number | null;
  /** The same among the packages of its type. */
  typeRank: number | null;
}

export const NO_RANK: Rank = { rank: null, typeRank: null };

export class RankedTotals {
  private readonly byKey = new Map<string, PackageTotal>();
  /** All packages, and those of each type, in the order of each metric. */
  private readonly order: Record<Metric, PackageTotal[]>;
  private readonly typeOrder = new Map<PackageKind, Record<Metric, PackageTotal[]>>();

  /** `totals`: packages without hits or bandwidth are left out. */
  constructor(totals: Iterable<PackageTotal>) {
    for (const total of totals) if (total.hits > 0 || total.bandwidth > 0) this.byKey.set(packageKey(total.type, total.name), total);
    const all = [...this.byKey.values()];
    this.order = { hits: [...all].sort(byMetric('hits')), bandwidth: all.sort(byMetric('bandwidth')) };
    for (const metric of ['hits', 'bandwidth'] as const) {
      for (const total of this.order[metric]) {
        let ofType = this.typeOrder.get(total.type);
        if (!ofType) this.typeOrder.set(total.type, (ofType = { hits: [], bandwidth: [] }));
        ofType[metric].push(total);
      }
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  totalsOf(type: string, name: string): Totals {
    const found = this.byKey.get(packageKey(type, name));
    return { hits: found?.hits ?? 0, bandwidth: found?.bandwidth ?? 0 };
  }

  rankOf(type: PackageKind, name: string, metric: Metric): Rank {
    const value = this.byKey.get(packageKey(type, name))?.[metric] ?? 0;
    if (value <= 0) return NO_RANK;
    return { rank: countAbove(this.order[metric], metric, value), typeRank: countAbove(this.typeOrder.get(type)?.[metric] ?? [], metric, value) };
  }

  /** A page of the packages (of one type, or all) in the order of `metric`. */
  top(metric: Metric, type: PackageKind | undefined, page: Page): Paged<PackageTotal> {
    const sorted = type ? (this.typeOrder.get(type)?.[metric] ?? []) : this.order[metric];
    return { total: sorted.length, rows: sorted.slice(page.offset, page.offset + page.limit).map((total) => ({ ...total })) };
  }
}
