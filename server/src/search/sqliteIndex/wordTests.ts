/**
 * Tests of a query's words made in memory rather than by the full-text index: against a name's words,
 * against a record's text, and whether the words are such that those tests agree with the full-text index.
 */
import { normalizeName, type SearchRecord } from '../record.ts';
import { nameText } from '../relevance.ts';
import { tokensMatch } from '../textIndex.ts';
import { foldedTokens, MIN_PREFIX_LENGTH, type WordAlternatives } from '../text.ts';

/** In typo mode, more matches as typed than this (possible with filters) and every match is ranked. */
const TYPO_FREE_LIMIT = 1_000;

/**
 * Whether a record matches the words as the full-text index would (every word, in any column; the last as
 * a prefix), for the few records looked up by name rather than found by it.
 */
export function textMatches(record: SearchRecord, slots: readonly string[][]): boolean {
  return tokensMatch(
    foldedTokens(`${nameText(record.name, normalizeName(record.name))} ${record.description} ${record.keywords.join(' ')} ${record.owner.name}`),
    slots,
  );
}

/**
 * The spellings of each word when the names in memory can stand for the full-text index's name column:
 * the last word of two letters or more (the name test takes a one-letter word as a prefix, the full-text
 * match as a word), every spelling plain ASCII (as the tokenizer folds it), and, in typo mode, few matches
 * as typed (they are candidates whatever their names). Null otherwise.
 */
export function nameTestable(words: readonly WordAlternatives[], typoFreeIds: ReadonlySet<number> | null): string[][] | null {
  if ((words.at(-1)?.word.length ?? 0) < MIN_PREFIX_LENGTH) return null;
  const slots = words.map(({ word, corrections }) => [word, ...corrections]);
  if (!plainWords(slots)) return null;
  if (typoFreeIds && typoFreeIds.size > TYPO_FREE_LIMIT) return null;
  return slots;
}

/**
 * Whether every spelling is plain ASCII letters and digits: for those, the tests made in memory (names,
 * records) tokenize as the full-text index does.
 */
export function plainWords(slots: readonly string[][]): boolean {
  return slots.every((spellings) => spellings.every((spelling) => /^[a-z0-9]+$/.test(spelling)));
}

export interface NameProbe {
  inName: (nameIndex: string) => boolean;
  wholeInName: (nameIndex: string) => boolean;
}

/** Tests of "every query word is in the name" against a name index string (` react dom reactdom `). */
export function nameProbe(spellings: readonly string[][]): NameProbe {
  const last = spellings.length - 1;
  const prefixes = spellings.map((list, index) => list.map((spelling) => (index === last ? ` ${spelling}` : ` ${spelling} `)));
  const wholes = spellings.map((list) => list.map((spelling) => ` ${spelling} `));
  const test =
    (needles: string[][]) =>
    (nameIndex: string): boolean => {
      for (const alternatives of needles) {
        let found = false;
        for (const needle of alternatives) {
          if (nameIndex.includes(needle)) {
            found = true;
            break;
          }
        }
        if (!found) return false;
      }
      return true;
    };
  return { inName: test(prefixes), wholeInName: test(wholes) };
}
