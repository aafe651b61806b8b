/** The highlighted option after Up or Down: wraps around both ends; -1 means none is highlighted. */
export function moveActive(current: number, count: number, direction: 1 | -1): number {
  if (count <= 0) return -1;
  if (current < 0) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}
