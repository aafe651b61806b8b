/**
 * Typo tolerance by a symmetric deletion neighbourhood: every name word is stored under itself and each
 * spelling with one letter removed; a typed word is looked up the same way. Two words share a key exactly
 * when they are within one insertion, deletion, substitution or transposition of each other (checked
 * afterwards), so `recat` finds `react` with a few indexed look-ups instead of a scan of the vocabulary.
 */

/** Words shorter than this get no typo tolerance: a one-letter change to a three-letter word is another word. */
export const MIN_TYPO_WORD_LENGTH = 4;

export function deletionKeys(word: string): string[] {
  const keys = new Set<string>([word]);
  for (let i = 0; i < word.length; i++) keys.add(word.slice(0, i) + word.slice(i + 1));
  return [...keys];
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), stopping early past `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    let rowMin = Infinity;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, d[i - 2]![j - 2]! + 1);
      d[i]![j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
  }
  return d[a.length]![b.length]!;
}

/** The words of a package name that typo look-ups can lead to. */
export function nameWords(name: string): string[] {
  const words = name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => word.length >= MIN_TYPO_WORD_LENGTH - 1))];
}
