/**
 * What reading a cached file whole into memory costs: the CDN's read (`hotFiles.ts`, `readWhole`: an open, one
 * read of the size the index states, a close) beside Node's `fs.readFile` (which asks the file's size first), on the
 * same files in the same run. Files of the long tail's sizes (log-normal, 200 B to 512 kB, the most the CDN keeps
 * from a first answer), in the page cache, read 64 at a time as concurrent requests would. CPU is the whole
 * process's: the thread pool's threads, where the reads happen, with the main thread.
 *
 *   npm run file-reads -w @skylift/bench [-- --files 2000 --reads 40000 --rounds 3]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readWhole } from '../../server/src/cdn/http/hotFiles.ts';

const { values } = parseArgs({
  options: { files: { type: 'string' }, reads: { type: 'string' }, rounds: { type: 'string' } },
});
const fileCount = Number(values.files ?? 2000);
const reads = Number(values.reads ?? 40_000);
const rounds = Number(values.rounds ?? 3);
const CONCURRENCY = 64;

/** Log-normal sizes around 8 kB, within 200 B and 512 kB, the same every run. */
function sizes(count: number): number[] {
  let seed = 7;
  const random = (): number => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  return Array.from({ length: count }, () => {
    const normal = Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
    return Math.round(Math.min(512 * 1024, Math.max(200, Math.exp(Math.log(8 * 1024) + 1.5 * normal))));
  });
}

type Read = (file: string, size: number) => Promise<Buffer>;

const nodeReadFile: Read = (file) => new Promise((resolve, reject) => fs.readFile(file, (error, buffer) => (error ? reject(error) : resolve(buffer))));

async function measure(read: Read, files: { path: string; size: number }[]): Promise<{ perSecond: number; cpuMicros: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let next = 0;
  const reader = async (): Promise<void> => {
    while (next < reads) {
      const file = files[next++ % files.length]!;
      const buffer = await read(file.path, file.size);
      if (buffer.length !== file.size) throw new Error(`${file.path}: ${buffer.length} bytes read, not ${file.size}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, reader));
  const used = process.cpuUsage(cpu);
  return { perSecond: reads / ((performance.now() - started) / 1000), cpuMicros: (used.user + used.system) / reads };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skylift-file-reads-'));
try {
  const files = sizes(fileCount).map((size, i) => {
    const file = path.join(dir, `f${i}`);
    fs.writeFileSync(file, Buffer.alloc(size, i % 251));
    return { path: file, size };
  });
  const total = files.reduce((sum, file) => sum + file.size, 0);
  console.log(`file reads: ${fileCount} files, ${(total / 1e6).toFixed(1)} MB, ${reads} reads a turn, ${CONCURRENCY} at a time, ${rounds} turns each`);
  console.log('turn   ours reads/s   CPU µs   fs.readFile reads/s   CPU µs   CPU ratio');
  for (let round = 1; round <= rounds; round++) {
    const ours = await measure(readWhole, files);
    const reference = await measure(nodeReadFile, files);
    console.log(
      `${String(round).padEnd(6)} ${ours.perSecond.toFixed(0).padStart(13)} ${ours.cpuMicros.toFixed(1).padStart(8)} ${reference.perSecond.toFixed(0).padStart(21)} ${reference.cpuMicros.toFixed(1).padStart(8)} ${(ours.cpuMicros / reference.cpuMicros).toFixed(2).padStart(11)}`,
    );
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
