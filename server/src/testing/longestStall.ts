/**
 * The longest this thread went without running a timer while `work` ran: what every other request a serving
 * thread has would have waited. Tests of work moved off the serving thread compare it with the work's own cost.
 */
export async function longestStall(work: () => Promise<unknown>, tickMs = 1): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, tickMs);
  try {
    await work();
    longest = Math.max(longest, performance.now() - last);
  } finally {
    clearInterval(timer);
  }
  return longest;
}
