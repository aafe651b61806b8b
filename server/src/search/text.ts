/**
 * Turning what a person typed into a full-text expression. Every word is quoted, so characters that mean
 * something to FTS5 (quotes, `*`, `-`, `:`, parentheses, AND/OR/NOT/NEAR) are only ever searched for,
 * never interpreted.
 */

/** Tokens as the index's tokenizer sees them: runs of letters and digits, lower case. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Tokens as the full-text index stores them: its tokenizer (unicode61) also removes diacritics, so `café`
 * is found by `cafe`.
 */
export function foldedTokens(text: string): string[] {
  // Printable ASCII has nothing to fold (most package text): the normalization would only copy it.
  return tokenize(NOT_PRINTABLE_ASCII.test(text) ? text.normalize('NFD').replace(/\p{M}/gu, '') : text);
}

const NOT_PRINTABLE_ASCII = /[^\t\n\r\x20-\x7e]/;

/** The words of a query, at most MAX_WORDS of them. */
export function wordsOf(text: string): string[] {
  return tokenize(text).slice(0, MAX_WORDS);
}

/** A query longer than this many words is cut: a sentence pasted into the box should not cost a scan per word. */
export const MAX_WORDS = 10;

/** Words shorter than this are not prefix-matched while typing: one letter would match most of the index. */
export const MIN_PREFIX_LENGTH = 2;

const quote = (word: string): string => `"${word.replace(/"/g, '""')}"`;

export interface WordAlternatives {
  word: string;
  /** Spellings of the word within one typo that exist in the index. */
  corrections: readonly string[];
}

/**
 * All words must match; the last one also as a prefix (type-ahead). A word with corrections matches
 * either its own spelling or any correction.
 */
export function matchExpression(words: readonly WordAlternatives[], column?: string, prefixLast = true): string {
  const parts = words.map(({ word, corrections }, index) => {
    const last = prefixLast && index === words.length - 1;
    const spellings = [word, ...corrections].map((spelling) => (last && spelling.length >= MIN_PREFIX_LENGTH ? `${quote(spelling)}*` : quote(spelling)));
    return spellings.length === 1 ? spellings[0]! : `(${spellings.join(' OR ')})`;
  });
  const expression = parts.join(' AND ');
  return column ? `${column} : (${expression})` : expression;
}
