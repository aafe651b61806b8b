/** Finding a word, or every word with a prefix, in a sorted list of words (code unit order). */

/** The first index of `sorted` not below `text`. */
function lowerBound(sorted: readonly string[], text: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < text) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Indexes [from, to) of the words equal to `spelling`, or starting with it when `prefix`. */
export function wordRange(sorted: readonly string[], spelling: string, prefix: boolean): [number, number] {
  const from = lowerBound(sorted, spelling);
  if (!prefix) return sorted[from] === spelling ? [from, from + 1] : [from, from];
  // Every word starting with the spelling sorts before the spelling followed by the highest code unit.
  return [from, lowerBound(sorted, `${spelling}\uffff`)];
}
