/**
 * One request to an upstream, with the failure mapping every caller needs: a timeout becomes 504, a refused or
 * reset connection and any 5xx become 502, and the caller decides what a 404 means. The timeout is an idle
 * timeout: it restarts when headers arrive and on every body chunk, so a large archive on a slow but live
 * connection completes while a silent upstream is given up on.
 *
 * Sent with undici's `request`, whose body is a Node stream: the WHATWG `fetch` hands a body through web
 * streams, chunk by chunk, at about three times the cost per megabyte, which a never-seen version's first
 * byte waits for.
 */
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent, interceptors, request as undiciRequest, type Dispatcher } from 'undici';
import { PackageError } from '../types.ts';
import { sharedBytes } from '../../workers/sharedBytes.ts';
import type { FetchKind, PackageMetrics, Upstream } from './metrics.ts';

export interface UpstreamRequest {
  upstream: Upstream;
  kind: FetchKind;
  url: string;
  /** Names the thing in error messages: "tiny-lib", "the archive of user/repo". */
  what: string;
  timeoutMs: number;
  headers?: Record<string, string>;
  /**
   * 'manual' hands a redirect (3xx) to the caller instead of following it: a Subversion server answers a
   * folder asked without its trailing slash with one, which is how a folder is told from a file.
   */
  redirect?: 'follow' | 'manual';
  metrics: PackageMetrics;
}

export interface UpstreamResponse {
  status: number;
  headers: Headers;
  /** The body as a Node stream; reading it keeps the idle timeout alive. Always consume or destroy it. */
  body: Readable;
  /** Reports the end of a streamed download to the latency metric. */
  done(): void;
}

class IdleTimeout extends Error {}

/** Connections kept alive per origin; one dispatcher follows redirects (up to five), the other hands them over. */
const following: Dispatcher = new Agent().compose(interceptors.redirect({ maxRedirections: 5 }));
const manual: Dispatcher = new Agent();

/** undici's headers (a value may be a list) as the `Headers` callers read. */
function headersOf(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/**
 * A connection closed before any answer to a GET is tried once more, at once, on another connection. An upstream
 * closes a kept-alive connection when it has been idle for its own timeout, and a request sent on it as it
 * closes fails without having reached any handler (a reset, or undici's "other side closed"), which would
 * otherwise be a 502 for a request the upstream never saw. A refused connection or a failure after the answer
 * began is not retried here: a body cut short is the reader's to fetch again (`connectionDropped`).
 */
const ATTEMPTS_ON_DROPPED_CONNECTION = 2;
const DROPPED_CONNECTION_CODES = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

/** The connection was closed or reset under the request (the error itself, or the cause a PackageError keeps). */
export function connectionDropped(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' && DROPPED_CONNECTION_CODES.has(code);
}

function isTimeout(error: unknown): boolean {
  if (error instanceof IdleTimeout) return true;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof IdleTimeout || (error instanceof Error && error.name === 'TimeoutError');
}

/** Maps a low-level failure while fetching or reading to the PackageError a user sees. */
export function upstreamError(error: unknown, what: string): PackageError {
  if (error instanceof PackageError) return error;
  return isTimeout(error) ? PackageError.upstreamTimeout(what, error) : PackageError.upstreamFailed(what, error);
}

/**
 * Sends the request. Resolves for any status below 500 (the caller handles 404 and friends); rejects with
 * PackageError 502/504 otherwise.
 */
export async function fetchUpstream(request: UpstreamRequest): Promise<UpstreamResponse> {
  const started = process.hrtime.bigint();
  const seconds = (): number => Number(process.hrtime.bigint() - started) / 1e9;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let source: Readable | undefined;
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      controller.abort(new IdleTimeout(`no answer from ${request.url} within ${request.timeoutMs} ms`));
      // Whoever reads the body sees the timeout as such, not as a generic abort.
      source?.destroy(PackageError.upstreamTimeout(request.what, `no bytes from ${request.url} within ${request.timeoutMs} ms`));
    }, request.timeoutMs);
    timer.unref?.();
  };
  arm();
  let response: Dispatcher.ResponseData;
  for (let attempt = 1; ; attempt++) {
    try {
      response = await undiciRequest(request.url, {
        method: 'GET',
        headers: request.headers,
        signal: controller.signal,
        dispatcher: request.redirect === 'manual' ? manual : following,
      });
      break;
    } catch (error) {
      const timeout = isTimeout(error) || controller.signal.reason instanceof IdleTimeout;
      if (!timeout && attempt < ATTEMPTS_ON_DROPPED_CONNECTION && connectionDropped(error)) continue;
      clearTimeout(timer);
      request.metrics.upstreamFetch(request.upstream, request.kind, timeout ? 'timeout' : 'error', seconds());
      throw timeout ? PackageError.upstreamTimeout(request.what, error) : PackageError.upstreamFailed(request.what, error);
    }
  }
  const status = response.statusCode;
  if (status >= 500) {
    clearTimeout(timer);
    response.body.on('error', () => undefined).destroy();
    request.metrics.upstreamFetch(request.upstream, request.kind, 'error', seconds());
    throw PackageError.upstreamFailed(request.what, `${request.url} answered ${status}`);
  }
  arm();
  source = response.body;
  const finish = (): void => clearTimeout(timer);
  // Every chunk re-arms the idle timeout; pipeline() hands a failure of the connection on to the reader.
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      arm();
      callback(null, chunk);
    },
  });
  body.once('end', finish);
  body.once('close', finish);
  body.once('error', finish);
  pipeline(source, body).catch(() => undefined);
  let reported = false;
  const report = (outcome: 'ok' | 'not_found'): void => {
    if (reported) return;
    reported = true;
    request.metrics.upstreamFetch(request.upstream, request.kind, outcome, seconds());
  };
  if (status === 404) report('not_found');
  return {
    status,
    headers: headersOf(response.headers),
    body,
    done: () => report(status === 404 ? 'not_found' : 'ok'),
  };
}

/**
 * Reads a body whole (documents and API answers), at most `maxBytes`, with the same error mapping. `shared` puts
 * it in shared memory (`sharedBytes`), for a body a thread is to read: when its length is announced, each chunk
 * is copied in as it arrives, rather than megabytes at once after the last.
 */
export async function readBody(
  response: UpstreamResponse,
  what: string,
  { maxBytes = 256 * 1024 * 1024, shared = false }: { maxBytes?: number; shared?: boolean } = {},
): Promise<Buffer> {
  const announced = Number(response.headers.get('content-length') ?? NaN);
  const into = shared && Number.isSafeInteger(announced) && announced >= 0 && announced <= maxBytes ? sharedBytes([], announced) : null;
  const chunks: Buffer[] = [];
  let total = 0;
  /** The bytes copied into `into`: all of them, unless the body is longer than it said. */
  let copied = 0;
  try {
    for await (const chunk of response.body) {
      const bytes = chunk as Buffer;
      if (total + bytes.length > maxBytes) {
        response.body.destroy();
        throw PackageError.upstreamFailed(what, `the body is over ${maxBytes} bytes`);
      }
      if (into && copied === total && total + bytes.length <= into.length) {
        into.set(bytes, total);
        copied += bytes.length;
      } else chunks.push(bytes);
      total += bytes.length;
    }
  } catch (error) {
    throw upstreamError(error, what);
  }
  response.done();
  if (into && copied === into.length && total === copied) return into;
  // The length was not announced, or not kept to: put together as it came.
  if (into) chunks.unshift(into.subarray(0, copied));
  return shared ? sharedBytes(chunks, total) : Buffer.concat(chunks, total);
}

/** Reads a JSON body whole; a body that is not JSON is the upstream failing. */
export async function readJson(response: UpstreamResponse, what: string, maxBytes?: number): Promise<unknown> {
  const body = await readBody(response, what, { maxBytes });
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch (error) {
    throw PackageError.upstreamFailed(what, error);
  }
}

/** Discards a body that is not needed (404 answers), so the connection can be reused. */
export function discard(response: UpstreamResponse): void {
  response.body.resume();
  response.body.on('error', () => undefined);
}
