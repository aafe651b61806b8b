/**
 * The words of every live (not deprecated) package name, in memory, each with its packages ordered best
 * first, and every live package in that same order. A query whose words are all in enough names is then
 * answered from here without reading every full-text match: a two-letter prefix matches a large share of
 * the index, but the best few hundred names holding it are found by walking the order until enough match.
 *
 * Built from the ranking keys in one pass; packages changed afterwards are "stale": ignored where they
 * stand and looked at one by one (`stale`), until there are too many and the whole is built again.
 */
import type { RankKeys } from './rankKeys.ts';
import { wordRange } from './wordRange.ts';

/** Past this many changed packages the index is built again rather than patched (each query looks at them one by one). */
export const STALE_LIMIT = 20_000;

export class NameIndex {
  /** Distinct name words, sorted (code unit order, as the prefix ranges need). */
  private readonly tokens: string[];
  /**
   * The packages of `tokens[i]` are `postings[starts[i]]` up to `postings[starts[i + 1]]`, as positions in
   * `order`: ascending, so best first.
   */
  private readonly starts: Int32Array;
  private readonly postings: Int32Array;
  /** Every live package, best first. */
  private readonly order: Int32Array;
  /** Every package in the order of the empty query: not deprecated first, then the most used, then by id. */
  private readonly browseOrder: Int32Array;
  /** Packages changed since the build: their place here is out of date. */
  readonly stale = new Set<number>();

  /**
   * `score`: the order within a word and overall, higher first (ties: lower id first). It must not
   * depend on the query.
   */
  constructor(keys: { values(): Iterable<RankKeys> }, score: (keys: RankKeys) => number) {
    const all = [...keys.values()];
    all.sort((a, b) => Number(a.deprecated) - Number(b.deprecated) || b.popularity - a.popularity || a.id - b.id);
    this.browseOrder = Int32Array.from(all, (entry) => entry.id);
    const live: RankKeys[] = [];
    for (const entry of keys.values()) if (!entry.deprecated) live.push(entry);
    live.sort((a, b) => score(b) - score(a) || a.id - b.id);
    this.order = Int32Array.from(live, (entry) => entry.id);
    // Word lists fill in the overall order, so each is best first without sorting it.
    const lists = new Map<string, number[]>();
    for (const [position, entry] of live.entries()) {
      for (const token of new Set(entry.nameIndex.trim().split(' '))) {
        if (!token) continue;
        const list = lists.get(token);
        if (list) list.push(position);
        else lists.set(token, [position]);
      }
    }
    this.tokens = [...lists.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.starts = new Int32Array(this.tokens.length + 1);
    let total = 0;
    for (const [at, token] of this.tokens.entries()) {
      this.starts[at] = total;
      total += lists.get(token)!.length;
    }
    this.starts[this.tokens.length] = total;
    this.postings = new Int32Array(total);
    for (const [at, token] of this.tokens.entries()) this.postings.set(lists.get(token)!, this.starts[at]);
  }

  get size(): number {
    return this.order.length;
  }

  /** Token indexes [from, to) of the words equal to `spelling`, or starting with it when `prefix`. */
  range(spelling: string, prefix: boolean): [number, number] {
    return wordRange(this.tokens, spelling, prefix);
  }

  /** How many (word, package) entries a range holds: the work of reading it. */
  volume([from, to]: [number, number]): number {
    return this.starts[to]! - this.starts[from]!;
  }

  /**
   * Positions (in the best-first order) of the packages of the ranges, ascending; a package holding
   * several words of the ranges appears once per word. Sorts the ranges' entries: for ranges of a
   * moderate volume.
   */
  positions(ranges: ReadonlyArray<[number, number]>): Int32Array {
    if (ranges.length === 1 && ranges[0]![1] - ranges[0]![0] <= 1) {
      return this.postings.subarray(this.starts[ranges[0]![0]]!, this.starts[ranges[0]![1]]!);
    }
    const positions = new Int32Array(ranges.reduce((sum, range) => sum + this.volume(range), 0));
    let filled = 0;
    for (const [from, to] of ranges) {
      positions.set(this.postings.subarray(this.starts[from]!, this.starts[to]!), filled);
      filled += this.starts[to]! - this.starts[from]!;
    }
    return positions.sort();
  }

  /** One byte per live package, zero between calls of `holdingEvery`: which of a query's words its name holds. */
  private marks: Uint8Array | undefined;

  /**
   * Positions (ascending, each once) of the packages whose names hold a word of every slot (a slot: the
   * ranges of one query word's spellings), the slots of a volume over `markLimit` left out (the caller tests
   * those by name). The rarest slot's entries are read last and checked against marks the others left, so
   * the work is the slots' volumes in typed arrays, with no sorting of the longer lists.
   */
  holdingEvery(slots: ReadonlyArray<ReadonlyArray<[number, number]>>, markLimit: number): Int32Array {
    const volumes = slots.map((ranges) => ranges.reduce((sum, range) => sum + this.volume(range), 0));
    const driver = volumes.indexOf(Math.min(...volumes));
    const marked = slots.filter((_, at) => at !== driver && volumes[at]! <= markLimit);
    const marks = (this.marks ??= new Uint8Array(this.order.length));
    const found: number[] = [];
    try {
      // A package gets mark k once its name holds a word of each of the first k marked slots.
      for (const [k, ranges] of marked.entries()) {
        for (const [from, to] of ranges) {
          for (let at = this.starts[from]!; at < this.starts[to]!; at++) {
            const position = this.postings[at]!;
            if (marks[position] === k) marks[position] = k + 1;
          }
        }
      }
      const every = marked.length;
      for (const [from, to] of slots[driver]!) {
        for (let at = this.starts[from]!; at < this.starts[to]!; at++) {
          const position = this.postings[at]!;
          if (marks[position] !== every) continue;
          found.push(position);
          // Taken once, however many of the slot's words the name holds.
          marks[position] = 255;
        }
      }
    } finally {
      for (const ranges of [...marked, slots[driver]!]) {
        for (const [from, to] of ranges) for (let at = this.starts[from]!; at < this.starts[to]!; at++) marks[this.postings[at]!] = 0;
      }
    }
    return Int32Array.from(found).sort();
  }

  /** Calls `visit` with the package at each of the ascending positions that is not stale, once, best first; stops when it returns true. */
  visitPositions(positions: Int32Array, visit: (id: number) => boolean | void): void {
    let previous = -1;
    for (const position of positions) {
      if (position === previous) continue;
      previous = position;
      const id = this.order[position]!;
      if (!this.stale.has(id) && visit(id) === true) return;
    }
  }

  /** Calls `visit` with each package of the ranges that is not stale, once, best first; stops when it returns true. */
  visit(ranges: ReadonlyArray<[number, number]>, visit: (id: number) => boolean | void): void {
    this.visitPositions(this.positions(ranges), visit);
  }

  /**
   * Calls `visit` with every live package that is not stale, best first (or, with `browse`, every package
   * in the empty query's order), until it returns true or `limit` packages were visited; returns whether
   * it was stopped by `visit`, ran out of packages, or reached the limit.
   */
  walk(visit: (id: number) => boolean | void, limit: number, order: 'names' | 'browse' = 'names'): 'stopped' | 'exhausted' | 'limit' {
    const ids = order === 'names' ? this.order : this.browseOrder;
    const end = Math.min(ids.length, limit);
    for (let at = 0; at < end; at++) {
      const id = ids[at]!;
      if (!this.stale.has(id) && visit(id) === true) return 'stopped';
    }
    return end === ids.length ? 'exhausted' : 'limit';
  }
}
