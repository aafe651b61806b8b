/**
 * An archive unpacked while it downloads, in the streaming extraction thread (`streamThread.ts`): the
 * serving thread hands over each chunk as it arrives, so that the version is unpacked about when its last
 * byte is in, rather than a whole unpacking later; and a request waiting for one file of it (`want`) gets
 * that file as soon as its entry has passed, provisionally (the caller serves it only as far as the
 * version's outcome confirms it, `versionStore.ts`).
 *
 * For archives kept in memory (the write-behind size), one thread per process reading any number of them at
 * once, each message a bounded step. It starts with the first archive (or at `warmUpStreamedExtraction`) and
 * holds the process open only while it reads. When it is not to be had (too many archives at once) or fails,
 * `outcome` answers null and the caller unpacks the archive it has whole in the extraction threads, as
 * before; the files wanted of it are answered null, and come with the version.
 */
import { Buffer } from 'node:buffer';
import crypto from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { Header } from 'tar';
import { startTypeScriptWorker } from '../../workers/typeScriptWorker.ts';
import type { ArchiveTap } from './extractArchive.ts';
import type { ExpectedDigest } from './integrity.ts';
import type { UnpackOutcome } from './unpack.ts';

export type StreamRequest =
  | { id: number; op: 'start'; limitBytes: number; expected: ExpectedDigest | null; paths: string[] }
  | { id: number; op: 'want'; path: string }
  | { id: number; op: 'chunk'; bytes: Uint8Array }
  | { id: number; op: 'end' | 'stop' };

export type StreamAnswer = { id: number; path: string; file: EarlyBytes | null } | { id: number; outcome: UnpackOutcome };

interface EarlyBytes {
  content: Uint8Array;
  /** SHA-256 of the content, base64. */
  sha256: string;
  time: string;
}

export interface EarlyFile extends EarlyBytes {
  /** The path in the version: `/dist/x.js`. */
  path: string;
  content: Buffer;
}

/** Archives read at once; past that, an archive is unpacked whole after its download, as large ones are. */
const MAX_READING = 16;
/** After its last byte, an archive's outcome comes within this, or the archive is unpacked whole instead. */
const OUTCOME_WAIT_MS = 120_000;
/**
 * The thread's young generation, in MB (V8's two semi-spaces and its space for large new objects). The archives'
 * bytes are buffers, outside the heap; what the thread makes in it lives for one step. With V8's default (16 MB
 * semi-spaces) the thread's heap grew to 43 MB within a minute of the long-tail soak and stayed there; with this,
 * 10 to 14 MB.
 */
const STREAM_THREAD_YOUNG_GENERATION_MB = 6;

/** The archives being read, by id: the thread's answers go to them. */
const reading = new Map<number, StreamedExtraction>();
let thread: Worker | null = null;
let nextId = 1;

function streamThread(): Worker {
  if (thread) return thread;
  const started = startTypeScriptWorker(new URL('./streamThread.ts', import.meta.url), {
    resourceLimits: { maxYoungGenerationSizeMb: STREAM_THREAD_YOUNG_GENERATION_MB },
  });
  started.unref();
  started.on('message', (answer: StreamAnswer) => reading.get(answer.id)?.answered(answer));
  const failed = (): void => {
    if (thread !== started) return;
    thread = null;
    for (const extraction of [...reading.values()]) extraction.stop();
  };
  started.on('error', failed);
  started.on('exit', failed);
  thread = started;
  return started;
}

/** The thread holds the process open while it reads an archive, never when idle. */
function holdWhileReading(): void {
  if (!thread) return;
  if (reading.size > 0) thread.ref();
  else thread.unref();
}

export class StreamedExtraction implements ArchiveTap {
  private readonly id = nextId++;
  private readonly wanted = new Map<string, Array<(file: EarlyFile | null) => void>>();
  private started = false;
  private stopped = false;
  private settle: ((outcome: UnpackOutcome | null) => void) | null = null;
  private readonly settled: Promise<UnpackOutcome | null>;

  constructor() {
    this.settled = new Promise((resolve) => (this.settle = resolve));
  }

  /**
   * Starts reading, with the archive's limit and digest; false when the thread cannot take it now (then
   * nothing is read, and every file wanted is answered null).
   */
  begin(limitBytes: number, expected: ExpectedDigest | null): boolean {
    if (this.stopped || this.started) return false;
    if (reading.size >= MAX_READING) {
      this.stop();
      return false;
    }
    this.started = true;
    reading.set(this.id, this);
    holdWhileReading();
    this.send({ id: this.id, op: 'start', limitBytes, expected, paths: [...this.wanted.keys()] });
    return !this.stopped;
  }

  /** The file at `path` once its entry has passed, or null when it comes with the version instead. */
  want(path: string): Promise<EarlyFile | null> {
    if (this.stopped) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiting = this.wanted.get(path);
      if (waiting) return void waiting.push(resolve);
      this.wanted.set(path, [resolve]);
      if (this.started) this.send({ id: this.id, op: 'want', path });
    });
  }

  /** The next bytes of the archive, as downloaded (copied: the caller keeps its buffer). */
  push(chunk: Buffer): void {
    if (!this.started || this.stopped) return;
    // Copied once here and moved, rather than copied out by the message and again into the thread.
    const bytes = new Uint8Array(chunk);
    this.send({ id: this.id, op: 'chunk', bytes }, [bytes.buffer]);
  }

  /** The download is complete. */
  end(): void {
    if (!this.started || this.stopped) return;
    this.send({ id: this.id, op: 'end' });
    const late = setTimeout(() => this.stop(), OUTCOME_WAIT_MS);
    late.unref();
    void this.settled.finally(() => clearTimeout(late));
  }

  /** What the archive unpacked to (or why it is refused); null when it was not read here to its end. */
  outcome(): Promise<UnpackOutcome | null> {
    return this.started ? this.settled : Promise.resolve(null);
  }

  /** No more: every file still wanted is answered null, and so is the outcome. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.started && thread) this.send({ id: this.id, op: 'stop' });
    this.finish(null);
  }

  /** An answer of the thread: a file asked for, or the outcome. */
  answered(answer: StreamAnswer): void {
    if ('outcome' in answer) return this.finish(answer.outcome);
    const waiting = this.wanted.get(answer.path);
    if (!waiting) return;
    this.wanted.delete(answer.path);
    const { file } = answer;
    const early = file && {
      path: answer.path,
      content: Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
      sha256: file.sha256,
      time: file.time,
    };
    for (const resolve of waiting) resolve(early);
  }

  private finish(outcome: UnpackOutcome | null): void {
    this.stopped = true;
    reading.delete(this.id);
    holdWhileReading();
    for (const path of [...this.wanted.keys()]) this.answered({ id: this.id, path, file: null });
    this.settle?.(outcome);
    this.settle = null;
  }

  private send(message: StreamRequest, transfer: ArrayBuffer[] = []): void {
    try {
      streamThread().postMessage(message, transfer);
    } catch {
      this.stop();
    }
  }
}

/** What the warm-up reads: small files and a larger one, as a package has, a few hundred kilobytes in all. */
function warmUpArchive(): Buffer {
  const blocks: Buffer[] = [];
  const add = (path: string, body: Buffer): void => {
    const header = new Header({ path: `package/${path}`, type: 'File', size: body.length, mode: 0o644, mtime: new Date(0) });
    header.encode();
    blocks.push(header.block!, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  };
  add('package.json', Buffer.from('{"name":"warm-up","version":"1.0.0"}\n'));
  for (let i = 0; i < 40; i++) add(`lib/module-${i}.js`, Buffer.from(`export const value${i} = ${i};\n`.repeat(1 + i)));
  add('dist/bundle.bin', crypto.randomBytes(256 * 1024));
  blocks.push(Buffer.alloc(1024));
  return zlib.gzipSync(Buffer.concat(blocks), { level: 1 });
}

/**
 * Starts the thread and has it read a small archive, handed over in chunks as a download is: a service does
 * this before it listens, so that the first archive a new process reads does not wait for the thread to load
 * and compile its code. (An archive of megabytes would also spare it the threads' first growth of memory,
 * but costs a third of a second of CPU at every start.)
 */
export async function warmUpStreamedExtraction(): Promise<void> {
  const tgz = warmUpArchive();
  const extraction = new StreamedExtraction();
  const file = extraction.want('/package.json');
  extraction.begin(64 * 1024 * 1024, null);
  for (let at = 0; at < tgz.length; at += 16 * 1024) extraction.push(tgz.subarray(at, at + 16 * 1024));
  extraction.end();
  await Promise.all([file, extraction.outcome()]);
}
