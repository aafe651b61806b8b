/** A small linear congruential generator: the same seed gives the same sequence (demo traffic, test fixtures, benchmarks). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
