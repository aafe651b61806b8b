/**
 * The long tail's traffic: what real pages ask a CDN for, popularity Zipf-distributed (exponent 1.1) over the
 * packages, their versions and their files, from many kept-alive connections. Every body is checked: a file of
 * an exact version (asked directly, through a range or tag, or as a byte range) against the registry's own
 * bytes; anything made by the CDN (builds, minified files, listings, combined files, data API answers, default
 * files) against the first answer this run got for that address, which must never change.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { VERSION_HEADER } from '../../server/src/cdn/http/headers.ts';
import type { LongTailRegistry } from './registry.ts';

export const KINDS = ['file', 'range-or-tag', 'default', 'min', 'esm', 'esm-options', 'listing', 'combine', 'data', 'byte-range', 'hang-up'] as const;
export type Kind = (typeof KINDS)[number];

/** How often each kind is asked, out of 100. */
const WEIGHTS: Record<Kind, number> = {
  file: 38,
  'range-or-tag': 10,
  default: 5,
  min: 8,
  esm: 7,
  'esm-options': 3,
  listing: 4,
  combine: 3,
  data: 16,
  'byte-range': 4,
  'hang-up': 2,
};

export interface Targets {
  cdn: string;
  data: string;
}

export interface Request {
  kind: Kind;
  url: string;
  headers: Record<string, string>;
  /** What the body must be: a file's SHA-256 (and, for a range, the part), or the first answer of its address. */
  check: { file: { name: string; version: string; path: string; range?: [number, number] } } | { firstAnswer: string } | null;
  hangUp?: boolean;
}

/** Draws ranks 0..n-1 with probability proportional to 1 / (rank + 1)^s. */
export class Zipf {
  private readonly cumulative: Float64Array;
  constructor(
    n: number,
    s = 1.1,
    private readonly random: () => number = Math.random,
  ) {
    this.cumulative = new Float64Array(n);
    let total = 0;
    for (let i = 0; i < n; i++) this.cumulative[i] = total += 1 / (i + 1) ** s;
    for (let i = 0; i < n; i++) this.cumulative[i]! /= total;
  }
  next(): number {
    const u = this.random();
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const zipfs = new Map<number, Zipf>();
const rank = (n: number): number => {
  let z = zipfs.get(n);
  if (!z) zipfs.set(n, (z = new Zipf(n)));
  return z.next();
};

/** Makes the next request of the mix. `exactOnly` draws only files of exact versions (the nginx comparison). */
export function nextRequest(registry: LongTailRegistry, targets: Targets, exactOnly = false): Request {
  const name = registry.names[rank(registry.names.length)]!;
  const versions = registry.versions(name);
  // The latest versions are the popular ones.
  const v = versions[versions.length - 1 - rank(versions.length)]!;
  const file = v.files[rank(v.files.length)]!;
  const kind = exactOnly ? 'file' : pickKind();
  const base = `${targets.cdn}/npm/${name}@${v.version}`;
  const encoding: Record<string, string> = Math.random() < 0.3 ? { 'accept-encoding': 'br, gzip' } : {};
  const made = (url: string, headers: Record<string, string> = encoding): Request => ({ kind, url, headers, check: { firstAnswer: url } });
  switch (kind) {
    case 'file':
      return { kind, url: `${base}${file.path}`, headers: encoding, check: { file: { name, version: v.version, path: file.path } } };
    case 'range-or-tag': {
      // The file is drawn from the version the alias stands for, so that it exists there.
      const major = v.version.split('.')[0]!;
      const latest = Math.random() < 0.5;
      const target = latest ? versions[versions.length - 1]! : versions.filter((x) => x.version.startsWith(`${major}.`)).at(-1)!;
      const wanted = target.files[rank(target.files.length)]!;
      // The version the alias resolved to is read from the answer's headers.
      return {
        kind,
        url: `${targets.cdn}/npm/${name}@${latest ? 'latest' : `^${major}.0.0`}${wanted.path}`,
        headers: encoding,
        check: { file: { name, version: '', path: wanted.path } },
      };
    }
    case 'byte-range': {
      const start = Math.floor(Math.random() * Math.max(1, file.size / 2));
      const end = Math.min(file.size - 1, start + Math.floor(Math.random() * 64 * 1024));
      return {
        kind,
        url: `${base}${file.path}`,
        headers: { range: `bytes=${start}-${end}` },
        check: { file: { name, version: v.version, path: file.path, range: [start, end] } },
      };
    }
    case 'hang-up':
      return { kind, url: `${base}${file.path}`, headers: {}, check: null, hangUp: true };
    case 'default':
      return made(base);
    case 'min': {
      const lib = v.files.filter((f) => f.path.startsWith('/lib/') && f.path.endsWith('.js'));
      const source = lib.length ? lib[rank(lib.length)]! : v.files.find((f) => f.path === '/index.js')!;
      return made(`${base}${source.path.replace(/\.js$/, '.min.js')}`);
    }
    case 'esm':
      return made(`${base}/+esm`);
    case 'esm-options':
      return made(`${base}/+esm?${Math.random() < 0.5 ? 'dev' : 'target=es2018'}`);
    case 'listing':
      return made(`${base}/`, {});
    case 'combine': {
      const other = v.files.filter((f) => f.path.endsWith('.js') || f.path.endsWith('.css'));
      const [a, b] = [other[rank(other.length)] ?? file, other[rank(other.length)] ?? file];
      const ext = (f: { path: string }): string => (f.path.endsWith('.css') ? 'css' : 'js');
      const pair = ext(a) === ext(b) ? [a, b] : [a];
      return made(`${targets.cdn}/combine/${pair.map((f) => `npm/${name}@${v.version}${f.path}`).join(',')}`);
    }
    case 'data':
      return made(
        Math.random() < 0.5 ? `${targets.data}/v1/packages/npm/${name}@${v.version}` : `${targets.data}/v1/packages/npm/${name}/resolved?specifier=^1.0.0`,
        {},
      );
  }
}

function pickKind(): Kind {
  let u = Math.random() * 100;
  for (const kind of KINDS) {
    u -= WEIGHTS[kind];
    if (u < 0) return kind;
  }
  return 'file';
}

export interface Outcome {
  kind: Kind;
  url: string;
  status: number;
  ms: number;
  /** The body was not what it must be: why. */
  wrong?: string;
  /** No answer: the connection's error code or message. */
  error?: string;
  /** The error came before any answer on a kept-alive connection an earlier request had used. */
  reusedConnection?: boolean;
  startedAt: number;
  endedAt: number;
}

const sha = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

export class Checker {
  /** The first answer's SHA-256 of every address whose bytes the CDN makes, and where its bytes are kept. */
  private readonly first = new Map<string, string>();
  /** Addresses whose answer changed, with both bodies written under `changedDir`. */
  saved = 0;
  constructor(
    private readonly registry: LongTailRegistry,
    /** Where the first and a changed body of an address are written for inspection; none when absent. */
    private readonly changedDir?: string,
  ) {}

  private keepFirst(digest: string, bytes: Buffer): void {
    if (!this.changedDir) return;
    const file = path.join(this.changedDir, 'first', digest);
    if (fs.existsSync(file)) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
  }

  private keepChanged(url: string, firstDigest: string, bytes: Buffer, headers: http.IncomingHttpHeaders): void {
    if (!this.changedDir || this.saved >= 50) return;
    const dir = path.join(this.changedDir, String(++this.saved));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'url'), `${url}\n${JSON.stringify(headers, null, 2)}\n`);
    fs.writeFileSync(path.join(dir, 'changed'), bytes);
    const first = path.join(this.changedDir, 'first', firstDigest);
    if (fs.existsSync(first)) fs.copyFileSync(first, path.join(dir, 'first'));
  }

  check(request: Request, status: number, headers: http.IncomingHttpHeaders, body: Buffer): string | undefined {
    if (!request.check || status >= 300) return undefined;
    let bytes: Buffer;
    try {
      bytes = decode(body, headers['content-encoding'] as string | undefined);
    } catch (error) {
      return `cannot decode ${String(headers['content-encoding'])}: ${(error as Error).message}`;
    }
    if ('firstAnswer' in request.check) {
      // Only answers that say they never change are held to it: a convenient `+esm` URL may get a better build
      // (and a failed build's answer is kept briefly), an alias may move.
      if (!String(headers['cache-control'] ?? '').includes('immutable')) return undefined;
      const key = `${request.check.firstAnswer} ${status}`;
      const digest = sha(bytes);
      const seen = this.first.get(key);
      if (seen === undefined) {
        this.first.set(key, digest);
        this.keepFirst(digest, bytes);
      } else if (seen !== digest) {
        this.keepChanged(request.check.firstAnswer, seen, bytes, headers);
        return `changed: ${bytes.length} bytes unlike the first answer`;
      }
      return undefined;
    }
    const { name, path, range } = request.check.file;
    const version = request.check.file.version || String(headers[VERSION_HEADER.toLowerCase()] ?? '');
    const want = this.registry.sha256(name, version, path);
    if (!want) return `no such file ${name}@${version}${path}`;
    if (range && status === 206) {
      const part = this.registry.bytes(name, version, path).subarray(range[0], range[1] + 1);
      return sha(bytes) === sha(part) ? undefined : `range ${range.join('-')}: other bytes`;
    }
    return sha(bytes) === want ? undefined : `${bytes.length} bytes that are not ${name}@${version}${path}`;
  }

  /** Addresses whose answer was recorded (the working set of made files). */
  get recorded(): number {
    return this.first.size;
  }
}

/** Sends one request; a hang-up reads the first chunk of the body and goes away. */
export function send(request: Request, agent: http.Agent, timeoutMs: number, checker: Checker): Promise<Outcome> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: Omit<Outcome, 'kind' | 'url' | 'ms' | 'startedAt' | 'endedAt'>): void => {
      if (settled) return;
      settled = true;
      const endedAt = performance.now();
      resolve({ kind: request.kind, url: request.url, ms: endedAt - startedAt, startedAt, endedAt, ...outcome });
    };
    const req = http.get(request.url, { agent: request.hangUp ? false : agent, headers: request.headers, timeout: timeoutMs }, (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        if (request.hangUp) {
          req.destroy();
          done({ status });
        } else chunks.push(chunk);
      });
      response.on('end', () => done({ status, wrong: checker.check(request, status, response.headers, Buffer.concat(chunks)) }));
      response.on('error', (error: NodeJS.ErrnoException) => done({ status, error: error.code ?? error.message }));
      response.on('aborted', () => done({ status, error: 'aborted' }));
    });
    req.on('timeout', () => {
      req.destroy();
      done({ status: 0, error: 'timeout' });
    });
    req.on('error', (error: NodeJS.ErrnoException) => done({ status: 0, error: error.code ?? error.message, reusedConnection: req.reusedSocket }));
  });
}

/** `connections` loops sending the mix until `stop()`; each outcome is handed to `onOutcome`. */
export async function runLoad(options: {
  connections: number;
  next: () => Request;
  stop: () => boolean;
  timeoutMs: number;
  checker: Checker;
  onOutcome: (outcome: Outcome) => void;
}): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const loop = async (): Promise<void> => {
    while (!options.stop()) options.onOutcome(await send(options.next(), agent, options.timeoutMs, options.checker));
  };
  try {
    await Promise.all(Array.from({ length: options.connections }, loop));
  } finally {
    agent.destroy();
  }
}
