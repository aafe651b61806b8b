/**
 * Strings that a cache keeps for long, in one piece. V8 keeps a string made from others (a concatenation, a
 * `slice`, `path.join`) as a tree of its parts, and a slice holds the whole string it was taken from: a blob's
 * path, made from the blob folder and two slices of its hash, took 285 bytes of heap kept that way against about
 * 120 in one piece (a heap snapshot of a CDN process in the long-tail soak, where a process kept tens of thousands).
 * Nothing in JavaScript promises to flatten a string in place, so the copy goes through its UTF-8 bytes, which
 * always makes a new string in one piece.
 */
export function keptString(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}
