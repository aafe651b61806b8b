/** A heading becomes the current one when its top is within this many pixels of the viewport's top... */
export const ACTIVE_OFFSET = 150;
/** ...or, for the last heading (which may never scroll that far up), this many. */
export const LAST_ACTIVE_OFFSET = 250;

/**
 * The anchor the reader is at: the last heading whose top has passed its offset, the first one before any
 * has. `topOf` gives a heading's distance from the viewport's top, or null when it is not in the page.
 */
export function activeAnchor(ids: readonly string[], topOf: (id: string) => number | null): string | null {
  let active: string | null = ids[0] ?? null;
  ids.forEach((id, index) => {
    const top = topOf(id);
    if (top === null) return;
    const offset = index === ids.length - 1 ? LAST_ACTIVE_OFFSET : ACTIVE_OFFSET;
    if (top <= offset) active = id;
  });
  return active;
}
