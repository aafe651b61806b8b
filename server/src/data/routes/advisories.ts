/**
 * Known security advisories of an npm package version, from the registry's bulk advisory endpoint (the one
 * `npm audit` uses: `POST {registry}/-/npm/v1/security/advisories/bulk` with `{ name: [version] }`), below
 * the configured registry's address. Advisories are published and withdrawn at any time, so an answer is
 * kept (here and by browsers) for an hour, never as immutable. The registry is asked with a time limit and
 * its answer read up to a size limit; a failure is a 502 or 504 that is not cached, which the package page
 * takes as "no count to show".
 */
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import semver from 'semver';
import type { Config } from '../../config/config.ts';
import type { RegistryCredential } from '../../config/npmRegistries.ts';
import { authorizationFor } from '../../packages/npm/registryAuth.ts';
import type { PackageRef } from '../../packages/types.ts';
import type { DataContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';

export const BULK_ADVISORIES_PATH = '/-/npm/v1/security/advisories/bulk';
/** How long an answer is kept, here and by browsers (Cache-Control). */
export const ADVISORIES_TTL_SECONDS = 3600;
/** The longest the registry is waited for (the configured upstream timeout when shorter). */
const MAX_TIMEOUT_MS = 5_000;
/** The most of the registry's answer that is read; a larger answer is a failure. */
export const MAX_ADVISORIES_BODY_BYTES = 1024 * 1024;
/** Advisories listed in one answer (the count is of all of them). */
const MAX_LISTED = 100;
/** Versions whose answer is kept in memory. */
const CACHED_VERSIONS = 5_000;

export interface Advisory {
  id: string;
  title: string;
  severity: string;
  url: string | null;
  vulnerableVersions: string;
}

export interface AdvisoriesAnswer {
  name: string;
  version: string;
  count: number;
  advisories: Advisory[];
}

export interface AdvisorySourceOptions {
  timeoutMs?: number;
  maxBodyBytes?: number;
  fetch?: typeof fetch;
}

const SEVERITY_ORDER = ['critical', 'high', 'moderate', 'low', 'info'];

function severityRank(severity: string): number {
  const at = SEVERITY_ORDER.indexOf(severity);
  return at === -1 ? SEVERITY_ORDER.length : at;
}

function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The advisories of one version in the registry's answer, checked field by field. */
export function advisoriesOf(body: unknown, name: string, version: string): Advisory[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new Error('the answer is not an object');
  const list = (body as Record<string, unknown>)[name];
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new Error(`the advisories of ${name} are not a list`);
  const found: Advisory[] = [];
  for (const item of list) {
    if (item === null || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    const id = typeof record['id'] === 'number' || typeof record['id'] === 'string' ? String(record['id']) : null;
    const range = typeof record['vulnerable_versions'] === 'string' ? record['vulnerable_versions'] : '';
    if (id === null) continue;
    // The registry answers for the versions asked about; an advisory whose range plainly excludes this one is not counted.
    if (range && semver.validRange(range) && !semver.satisfies(version, range, { includePrerelease: true })) continue;
    found.push({
      id,
      title: typeof record['title'] === 'string' && record['title'].trim() ? record['title'].trim().slice(0, 500) : `Advisory ${id}`,
      severity: typeof record['severity'] === 'string' ? record['severity'].toLowerCase() : 'info',
      url: httpUrl(record['url']),
      vulnerableVersions: range,
    });
  }
  return found.sort((a, b) => severityRank(a.severity) - severityRank(b.severity) || a.id.localeCompare(b.id, 'en', { numeric: true }));
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new Error(`the answer is larger than ${maxBytes} bytes`);
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`the answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export class AdvisorySource {
  private readonly url: string;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;
  private readonly fetch: typeof fetch;
  private readonly credentials: readonly RegistryCredential[];
  private readonly answers = new LRUCache<string, Advisory[]>({ max: CACHED_VERSIONS, ttl: ADVISORIES_TTL_SECONDS * 1000 });
  private readonly pending = new Map<string, Promise<Advisory[]>>();

  constructor(registry: string, options: { timeoutMs: number; maxBodyBytes?: number; fetch?: typeof fetch; credentials?: readonly RegistryCredential[] }) {
    this.url = `${registry.replace(/\/+$/, '')}${BULK_ADVISORIES_PATH}`;
    this.timeoutMs = options.timeoutMs;
    this.maxBodyBytes = options.maxBodyBytes ?? MAX_ADVISORIES_BODY_BYTES;
    this.fetch = options.fetch ?? fetch;
    this.credentials = options.credentials ?? [];
  }

  /** The advisories of an exact version; rejects with a 502 or 504 ApiError when the registry fails. */
  async of(name: string, version: string): Promise<Advisory[]> {
    const key = `${name}@${version}`;
    const known = this.answers.get(key);
    if (known) return known;
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.ask(name, version).finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    const found = await pending;
    this.answers.set(key, found);
    return found;
  }

  private async ask(name: string, version: string): Promise<Advisory[]> {
    const what = `the advisories of ${name}@${version}`;
    const signal = AbortSignal.timeout(this.timeoutMs);
    // A registry that needs a token for packages needs it for their advisories too (redirects are refused below).
    const authorization = authorizationFor(this.url, this.credentials);
    try {
      const response = await this.fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ [name]: [version] }),
        signal,
        redirect: 'error',
      });
      const text = await readCapped(response, this.maxBodyBytes);
      if (!response.ok) throw new Error(`the registry answered ${response.status}`);
      return advisoriesOf(JSON.parse(text), name, version);
    } catch (error) {
      if (signal.aborted) throw new ApiError(504, `Timed out fetching ${what} from the registry.`);
      throw new ApiError(502, `Failed to fetch ${what} from the registry: ${error instanceof Error ? error.message : String(error)}.`);
    }
  }
}

export function advisorySource(config: Config, options: AdvisorySourceOptions = {}): AdvisorySource {
  return new AdvisorySource(config.upstream.npmRegistry, {
    timeoutMs: options.timeoutMs ?? Math.min(config.upstream.timeoutMs, MAX_TIMEOUT_MS),
    credentials: config.upstream.npm.credentials,
    ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** `GET /v1/packages/npm/{name}@{version}/advisories`: a range or tag is resolved to the exact version first. */
export async function sendAdvisories(
  ctx: DataContext,
  source: AdvisorySource,
  ref: PackageRef,
  requested: string,
  reply: FastifyReply,
): Promise<AdvisoriesAnswer> {
  const store = await ctx.packages();
  const { version } = await store.resolve(ref, requested);
  const found = await source.of(ref.name, version);
  reply.header('cache-control', `public, max-age=${ADVISORIES_TTL_SECONDS}`);
  return { name: ref.name, version, count: found.length, advisories: found.slice(0, MAX_LISTED) };
}
