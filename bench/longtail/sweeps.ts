/**
 * The file cache's sweeps in a phase, from the record the sweeping process leaves after each one
 * (`<data>/packages/sweep.json`: when it began, the bytes it left, how long it took, the files it removed and the
 * time their removals took), read every second: whichever CDN process sweeps, killed or not. With the cache's
 * file system and whether it is mounted with online discard, which makes each removal wait for the device: what
 * bounds how fast a sweep makes room when the churn is fast.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readRecordSync, type SweepRecord } from '../../server/src/packages/storage/cacheTally.ts';

const POLL_MS = 1_000;

/** The file system `dir` is on, from `/proc/self/mountinfo`: its type and whether it discards online. */
export function fileSystemOf(dir: string): { type: string; discard: boolean } | null {
  let real: string;
  try {
    real = fs.realpathSync(dir);
  } catch {
    return null;
  }
  let best: { point: string; type: string; options: string[] } | null = null;
  for (const line of fs.readFileSync('/proc/self/mountinfo', 'utf8').split('\n')) {
    // <id> <parent> <dev> <root> <mount point> <mount options> [optional fields] - <type> <source> <super options>
    const [before, after] = line.split(' - ');
    if (!before || !after) continue;
    const fields = before.split(' ');
    const point = (fields[4] ?? '').replace(/\\040/g, ' ');
    const [type = '', , superOptions = ''] = after.split(' ');
    const inside = real === point || real.startsWith(point.endsWith('/') ? point : `${point}/`);
    if (inside && (!best || point.length >= best.point.length)) best = { point, type, options: [...(fields[5] ?? '').split(','), ...superOptions.split(',')] };
  }
  return best && { type: best.type, discard: best.options.includes('discard') };
}

export class SweepWatcher {
  private readonly sweeps = new Map<number, SweepRecord>();
  private readonly timer: NodeJS.Timeout;
  private readonly began = Date.now();

  constructor(private readonly dataDir: string) {
    this.timer = setInterval(() => this.poll(), POLL_MS);
    this.timer.unref();
  }

  private poll(): void {
    const record = readRecordSync(path.join(this.dataDir, 'packages'));
    // A sweep that began before the phase (its record found at the start) is not this phase's.
    if (record && record.atMs >= this.began) this.sweeps.set(record.atMs, record);
  }

  /** One line on the phase's sweeps; stops watching. */
  finish(): string {
    clearInterval(this.timer);
    this.poll();
    const sweeps = [...this.sweeps.values()];
    const fsInfo = fileSystemOf(path.join(this.dataDir, 'packages'));
    const disk = fsInfo ? `; the cache is on ${fsInfo.type}${fsInfo.discard ? ', mounted with online discard' : ''}` : '';
    if (!sweeps.length) return `file cache sweeps: none recorded${disk}`;
    const sum = (pick: (s: SweepRecord) => number): number => sweeps.reduce((total, s) => total + pick(s), 0);
    const phaseMs = Date.now() - this.began;
    const removed = sum((s) => s.removedFiles ?? 0);
    const perRemoval = removed ? `, ${Math.round((1000 * sum((s) => s.removalMs ?? 0)) / removed)} µs a removal` : '';
    return (
      `file cache sweeps: ${sweeps.length}, sweeping ${Math.round((100 * sum((s) => s.durationMs)) / phaseMs)} % of the phase, ` +
      `longest ${(Math.max(...sweeps.map((s) => s.durationMs)) / 1000).toFixed(1)} s; ${removed.toLocaleString('en-US')} files removed${perRemoval}${disk}`
    );
  }
}
