/**
 * The words of every package's text (name, description, keywords, owner: the columns of the full-text
 * index, tokenized and folded as its tokenizer does), in memory, each with its packages as a sorted list
 * of ids. A query's matches are the packages holding a word of every slot, found in typed arrays: FTS5
 * reads each word's list whole, at about 150 ns an entry, so two words held by tens of thousands of
 * packages each cost milliseconds however few packages hold both; here it is a few nanoseconds an entry.
 * The same lists tell how many packages hold a word (what reading it costs, relevance's document
 * frequency), and the token counts the corpus figures of relevance ranking.
 *
 * Built from the full-text table once (tens of seconds at millions of packages: tokenizing every text).
 * Packages changed afterwards are "stale": their entries in the lists are ignored and the words of their
 * current text are kept in a small index of their own (`changed`, `learn`). Past STALE_LIMIT of them the
 * lists are merged with their current words (`compact`): no tokenizing again, about 2 s at two million.
 */
import { MIN_PREFIX_LENGTH, foldedTokens } from './text.ts';
import { wordRange } from './wordRange.ts';

/**
 * Past this many changed packages they are due to be merged into the lists (`compact`): seconds at millions
 * of packages, so done between queries; until then each query reads their words apart, at a cost that
 * grows with them (100 ms for a word all of 50,000 changed packages hold).
 */
export const STALE_LIMIT = 10_000;

/** (word, package) pairs gathered per chunk while building: typed arrays grow by chunks, not by copying. */
const CHUNK_BITS = 20;
const CHUNK = 1 << CHUNK_BITS;

interface Lists {
  /** Distinct words, sorted (code unit order, as the prefix ranges need). */
  words: string[];
  /** The packages of `words[i]` are `postings[starts[i]]` up to `postings[starts[i + 1]]`: ids, ascending. */
  starts: Int32Array;
  postings: Int32Array;
  /** Tokens of each package by id (words counted as often as they occur), 0 for an id not indexed. */
  lengths: Uint16Array;
  /** 1 for each indexed id. */
  present: Uint8Array;
  documents: number;
  tokens: number;
}

export class TextIndex {
  private lists: Lists;
  /** One byte per id up to the largest in the lists: which slots of a query a package holds (zero between queries). */
  private marks: Uint8Array;
  /** Packages changed since the lists were made, with their current words once known. */
  private readonly stale = new ChangedTexts();

  /** `rows`: each package's id and its text, ids ascending. */
  constructor(rows: Iterable<readonly [id: number, text: string]>) {
    this.lists = build(rows);
    this.marks = new Uint8Array(this.lists.present.length);
  }

  /** Packages indexed, changes learnt included. */
  get documents(): number {
    return this.lists.documents;
  }

  /** The average number of tokens of a package's text (for BM25), changes learnt included. */
  get averageLength(): number {
    return this.lists.documents ? this.lists.tokens / this.lists.documents : 1;
  }

  /** Packages holding `word`, or (summed over the words) any word starting with it when `prefix`; changes not merged yet are not counted. */
  frequency(word: string, prefix: boolean): number {
    const [from, to] = wordRange(this.lists.words, word, prefix);
    return this.lists.starts[to]! - this.lists.starts[from]!;
  }

  /** A package's text changed (or it was added or removed) since the lists were made: its entries no longer count. */
  changed(id: number): void {
    this.stale.changed(id);
  }

  get staleCount(): number {
    return this.stale.size;
  }

  /** The changed packages whose current text has not been given (`learn`). */
  unknownStale(): number[] {
    return this.stale.unknown();
  }

  /** The current text of a changed package; undefined when it is gone. */
  learn(id: number, text: string | undefined): void {
    if (!this.stale.has(id)) return;
    const tokens = text === undefined ? [] : foldedTokens(text);
    this.stale.learn(id, [...new Set(tokens)]);
    const lists = (this.lists = withRoomFor(this.lists, id));
    if (lists.present[id]) {
      lists.documents--;
      lists.tokens -= lists.lengths[id]!;
    }
    lists.present[id] = text === undefined ? 0 : 1;
    lists.lengths[id] = Math.min(tokens.length, 0xffff);
    if (text !== undefined) {
      lists.documents++;
      lists.tokens += lists.lengths[id]!;
    }
  }

  /**
   * Ids (ascending) of the packages holding a spelling of every slot (a slot: the spellings of one query
   * word), the last slot's spellings of MIN_PREFIX_LENGTH or more also as prefixes: the full-text index's
   * matches of `matchExpression`; in no particular order when `ascending` is false (to count them). Every
   * changed package's text must be known (`learn`).
   *
   * The rarest slot's entries are read against marks the second rarest left; the few packages holding both
   * are then looked up in the longer slots' lists (a binary search in each word's list) when that reads less
   * than marking them: `react or vue angular` reads `angular` and `vue`, not `react`'s 175,000 entries.
   */
  matching(slots: readonly (readonly string[])[], ascending = true): number[] {
    const { words, starts } = this.lists;
    const last = slots.length - 1;
    const ranges = slots.map((spellings, at) => spellings.map((spelling) => wordRange(words, spelling, at === last && spelling.length >= MIN_PREFIX_LENGTH)));
    const volumes = ranges.map((list) => list.reduce((sum, [from, to]) => sum + starts[to]! - starts[from]!, 0));
    const byVolume = ranges.map((_, at) => at).sort((a, b) => volumes[a]! - volumes[b]!);
    let found = this.holdingBoth(ranges[byVolume[0]!]!, byVolume.length > 1 ? ranges[byVolume[1]!]! : undefined, ascending);
    for (const at of byVolume.slice(2)) {
      if (found.length === 0) break;
      found = this.narrowed(found, ranges[at]!, volumes[at]!);
    }
    const changed = this.stale.matching(slots);
    if (changed.length === 0) return found;
    return ascending ? Array.from(Int32Array.from([...found, ...changed]).sort()) : [...found, ...changed];
  }

  /**
   * Ids (not stale; ascending when asked) of the packages holding a word of `driver` and, when given, of
   * `marked`: the marked slot's entries mark the packages, the driver's are read against the marks.
   */
  private holdingBoth(driver: ReadonlyArray<[number, number]>, marked: ReadonlyArray<[number, number]> | undefined, ascending: boolean): number[] {
    const { starts, postings } = this.lists;
    const marks = this.marks;
    const found: number[] = [];
    const wanted = marked ? 1 : 0;
    try {
      for (const [from, to] of marked ?? []) for (let at = starts[from]!; at < starts[to]!; at++) marks[postings[at]!] = 1;
      for (const [from, to] of driver) {
        for (let at = starts[from]!; at < starts[to]!; at++) {
          const id = postings[at]!;
          if (marks[id] !== wanted) continue;
          // Taken once, however many of the slot's words the package holds.
          marks[id] = 2;
          if (!this.stale.has(id)) found.push(id);
        }
      }
    } finally {
      for (const list of marked ? [driver, marked] : [driver]) {
        for (const [from, to] of list) for (let at = starts[from]!; at < starts[to]!; at++) marks[postings[at]!] = 0;
      }
    }
    // One word's list is ascending already; a prefix or alternatives read several one after the other.
    const single = driver.length === 1 && driver[0]![1] - driver[0]![0] <= 1;
    return single || !ascending ? found : Array.from(Int32Array.from(found).sort());
  }

  /** Those of `ids` (ascending) holding a word of the slot: by binary searches in its lists when they read less than its entries. */
  private narrowed(ids: number[], slot: ReadonlyArray<[number, number]>, volume: number): number[] {
    const { starts, postings } = this.lists;
    const wordCount = slot.reduce((sum, [from, to]) => sum + to - from, 0);
    if (ids.length * wordCount * Math.log2(volume + 2) < volume) {
      return ids.filter((id) =>
        slot.some(([from, to]) => {
          for (let word = from; word < to; word++) if (includes(postings, starts[word]!, starts[word + 1]!, id)) return true;
          return false;
        }),
      );
    }
    const marks = this.marks;
    try {
      for (const [from, to] of slot) for (let at = starts[from]!; at < starts[to]!; at++) marks[postings[at]!] = 1;
      return ids.filter((id) => marks[id] === 1);
    } finally {
      for (const [from, to] of slot) for (let at = starts[from]!; at < starts[to]!; at++) marks[postings[at]!] = 0;
    }
  }

  /** The lists with the changed packages' current words merged in (every changed text must be known). */
  compact(): void {
    const { words, starts, postings } = this.lists;
    const isStale = new Uint8Array(this.lists.present.length);
    const added = new Map<string, number[]>();
    let addedEntries = 0;
    for (const [id, tokens] of this.stale.entries()) {
      isStale[id] = 1;
      for (const token of tokens) {
        const list = added.get(token);
        if (list) list.push(id);
        else added.set(token, [id]);
        addedEntries++;
      }
    }
    const addedWords = [...added.keys()].sort();
    const merged: string[] = [];
    const mergedStarts = new Int32Array(words.length + addedWords.length + 1);
    const mergedPostings = new Int32Array(postings.length + addedEntries);
    let filled = 0;
    let next = 0;
    for (let at = 0; at <= words.length; at++) {
      // New words sorting before this one, then this one with its new entries.
      const word = words[at];
      while (next < addedWords.length && (word === undefined || addedWords[next]! < word)) {
        const list = added.get(addedWords[next++]!)!;
        mergedStarts[merged.length] = filled;
        merged.push(addedWords[next - 1]!);
        mergedPostings.set(list, filled);
        filled += list.length;
      }
      if (word === undefined) break;
      const extra = next < addedWords.length && addedWords[next] === word ? added.get(addedWords[next++]!)! : [];
      const start = filled;
      let taken = 0;
      for (let entry = starts[at]!; entry < starts[at + 1]!; entry++) {
        const id = postings[entry]!;
        if (isStale[id]) continue;
        while (taken < extra.length && extra[taken]! < id) mergedPostings[filled++] = extra[taken++]!;
        mergedPostings[filled++] = id;
      }
      while (taken < extra.length) mergedPostings[filled++] = extra[taken++]!;
      if (filled === start) continue;
      mergedStarts[merged.length] = start;
      merged.push(word);
    }
    mergedStarts[merged.length] = filled;
    this.lists = {
      ...this.lists,
      words: merged,
      starts: mergedStarts.slice(0, merged.length + 1),
      postings: mergedPostings.slice(0, filled),
    };
    this.marks = new Uint8Array(this.lists.present.length);
    this.stale.clear();
  }
}

/** The lists of `rows` (ids ascending), tokenizing each text once. */
function build(rows: Iterable<readonly [id: number, text: string]>): Lists {
  // Words are numbered as first seen, by a hash table of their numbers (a Map of two million strings costs
  // twice the time), then sorted.
  const seen = new WordNumbers();
  // The last package each word was seen in: a word twice in one text is one entry.
  let lastSeenIn = new Int32Array(1 << 16).fill(-1);
  const pairWords: Int32Array[] = [];
  const pairIds: Int32Array[] = [];
  let pairs = 0;
  let lengths = new Uint16Array(1 << 16);
  let present = new Uint8Array(1 << 16);
  let documents = 0;
  let tokens = 0;
  for (const [id, text] of rows) {
    if (id >= present.length) {
      const size = Math.max(id + 1, present.length * 2);
      lengths = grown(lengths, size);
      present = grown(present, size);
    }
    const found = foldedTokens(text);
    documents++;
    tokens += found.length;
    present[id] = 1;
    lengths[id] = Math.min(found.length, 0xffff);
    for (const token of found) {
      const number = seen.numberOf(token);
      if (number >= lastSeenIn.length) lastSeenIn = grown(lastSeenIn, lastSeenIn.length * 2, -1);
      if (lastSeenIn[number] === id) continue;
      lastSeenIn[number] = id;
      if ((pairs & (CHUNK - 1)) === 0) {
        pairWords.push(new Int32Array(CHUNK));
        pairIds.push(new Int32Array(CHUNK));
      }
      pairWords[pairs >> CHUNK_BITS]![pairs & (CHUNK - 1)] = number;
      pairIds[pairs >> CHUNK_BITS]![pairs & (CHUNK - 1)] = id;
      pairs++;
    }
  }
  const { words, rank } = seen.sorted();
  // A counting sort by word, stable: rows came in ascending ids, so each list is ascending.
  const starts = new Int32Array(words.length + 1);
  for (let at = 0; at < pairs; at++) starts[rank[pairWords[at >> CHUNK_BITS]![at & (CHUNK - 1)]!]! + 1]!++;
  for (let at = 0; at < words.length; at++) starts[at + 1]! += starts[at]!;
  const next = starts.slice(0, words.length);
  const postings = new Int32Array(pairs);
  for (let at = 0; at < pairs; at++) {
    postings[next[rank[pairWords[at >> CHUNK_BITS]![at & (CHUNK - 1)]!]!]!++] = pairIds[at >> CHUNK_BITS]![at & (CHUNK - 1)]!;
  }
  return { words, starts, postings, lengths, present, documents, tokens };
}

/** Whether the ascending `list[from, to)` holds `id`. */
function includes(list: Int32Array, from: number, to: number, id: number): boolean {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < id) low = middle + 1;
    else high = middle;
  }
  return low < to && list[low] === id;
}

/** Lists and figures with room for `id` (arrays grown as packages with higher ids arrive). */
function withRoomFor(lists: Lists, id: number): Lists {
  if (id < lists.present.length) return lists;
  const size = Math.max(id + 1, Math.ceil(lists.present.length * 1.5));
  return { ...lists, lengths: grown(lists.lengths, size), present: grown(lists.present, size) };
}

function grown<T extends Int32Array | Uint16Array | Uint8Array>(array: T, size: number, fill = 0): T {
  const bigger = new (array.constructor as new (size: number) => T)(size);
  if (fill !== 0) bigger.fill(fill, array.length);
  bigger.set(array);
  return bigger;
}

/** Numbers for words, in the order first seen: open addressing over FNV-1a hashes. */
class WordNumbers {
  private readonly words: string[] = [];
  private readonly hashes: number[] = [];
  private table = new Int32Array(1 << 16);

  numberOf(word: string): number {
    let hash = 0x811c9dc5;
    for (let at = 0; at < word.length; at++) hash = Math.imul(hash ^ word.charCodeAt(at), 0x01000193);
    const mask = this.table.length - 1;
    let slot = hash & mask;
    for (;;) {
      const entry = this.table[slot]!;
      if (entry === 0) break;
      if (this.hashes[entry - 1] === hash && this.words[entry - 1] === word) return entry - 1;
      slot = (slot + 1) & mask;
    }
    const number = this.words.length;
    this.words.push(word);
    this.hashes.push(hash);
    this.table[slot] = number + 1;
    if (this.words.length * 2 > this.table.length) this.grow();
    return number;
  }

  private grow(): void {
    this.table = new Int32Array(this.table.length * 2);
    const mask = this.table.length - 1;
    for (let number = 0; number < this.words.length; number++) {
      let slot = this.hashes[number]! & mask;
      while (this.table[slot] !== 0) slot = (slot + 1) & mask;
      this.table[slot] = number + 1;
    }
  }

  /** The words sorted (code unit order), and each number's place among them. */
  sorted(): { words: string[]; rank: Int32Array } {
    const words = this.words.slice().sort();
    const rank = new Int32Array(words.length);
    for (const [at, word] of words.entries()) rank[this.numberOf(word)] = at;
    return { words, rank };
  }
}

/**
 * The packages changed since the lists were made, with the words of their current text, in a small index of
 * their own kept current one change at a time: a set of packages per word, and the words sorted for prefixes.
 */
class ChangedTexts {
  /** Each changed package's distinct words, once learnt (none: the package is gone). */
  private readonly texts = new Map<number, readonly string[]>();
  /** Changed packages whose words are not known yet. */
  private readonly pending = new Set<number>();
  private readonly holders = new Map<string, Set<number>>();
  /** The keys of `holders`, sorted (code unit order). */
  private readonly words: string[] = [];

  get size(): number {
    return this.texts.size + this.pending.size;
  }

  has(id: number): boolean {
    return this.pending.has(id) || this.texts.has(id);
  }

  unknown(): number[] {
    return [...this.pending];
  }

  changed(id: number): void {
    this.forget(id);
    this.pending.add(id);
  }

  learn(id: number, words: readonly string[]): void {
    this.forget(id);
    this.texts.set(id, words);
    for (const word of words) {
      let ids = this.holders.get(word);
      if (!ids) {
        this.holders.set(word, (ids = new Set()));
        this.words.splice(wordRange(this.words, word, false)[0], 0, word);
      }
      ids.add(id);
    }
  }

  /** The changed packages, ascending ids, with their words (all must be known). */
  entries(): Array<[number, readonly string[]]> {
    this.checkKnown();
    return [...this.texts].sort(([a], [b]) => a - b);
  }

  /** The changed packages holding a spelling of every slot, as `TextIndex.matching` (all must be known). */
  matching(slots: readonly (readonly string[])[]): number[] {
    this.checkKnown();
    if (this.texts.size === 0) return [];
    const last = slots.length - 1;
    let found: Set<number> | undefined;
    for (const [at, spellings] of slots.entries()) {
      const holding = new Set<number>();
      for (const spelling of spellings) {
        const [from, to] = wordRange(this.words, spelling, at === last && spelling.length >= MIN_PREFIX_LENGTH);
        for (let word = from; word < to; word++) for (const id of this.holders.get(this.words[word]!)!) if (!found || found.has(id)) holding.add(id);
      }
      found = holding;
      if (found.size === 0) break;
    }
    return [...(found ?? [])];
  }

  clear(): void {
    this.texts.clear();
    this.pending.clear();
    this.holders.clear();
    this.words.length = 0;
  }

  private checkKnown(): void {
    for (const id of this.pending) throw new Error(`The text of changed package ${id} is not known`);
  }

  private forget(id: number): void {
    this.pending.delete(id);
    for (const word of this.texts.get(id) ?? []) {
      const ids = this.holders.get(word)!;
      ids.delete(id);
      if (ids.size > 0) continue;
      this.holders.delete(word);
      this.words.splice(wordRange(this.words, word, false)[0], 1);
    }
    this.texts.delete(id);
  }
}

/** Whether a package's folded tokens hold a spelling of every slot (the last as a prefix too, from MIN_PREFIX_LENGTH letters). */
export function tokensMatch(tokens: readonly string[], slots: readonly (readonly string[])[]): boolean {
  const last = slots.length - 1;
  return slots.every((spellings, at) =>
    spellings.some((spelling) =>
      tokens.some((token) => token === spelling || (at === last && spelling.length >= MIN_PREFIX_LENGTH && token.startsWith(spelling))),
    ),
  );
}
