/** What the request log and the metrics learn about a request while it is served. */
import type { VersionKind } from '../../packages/types.ts';
import type { RequestLogType } from '../../requestlog/line.ts';

export type AnswerKind = 'file' | 'generated' | 'default' | 'combine' | 'listing' | 'private-json' | 'redirect' | 'preflight' | 'error';

export interface CdnRequestContext {
  type: RequestLogType;
  name: string | null;
  version: string | null;
  kind: VersionKind | null;
  file: string | null;
  answer: AnswerKind | null;
  /** Name of the custom endpoint the request came through. */
  proxy: string | null;
  /** Whether the file came from our cache or was fetched upstream for this request; null when not known. */
  cache: 'hit' | 'miss' | 'stale' | null;
}

export function newRequestContext(): CdnRequestContext {
  return { type: 'other', name: null, version: null, kind: null, file: null, answer: null, proxy: null, cache: null };
}

declare module 'fastify' {
  interface FastifyRequest {
    cdn: CdnRequestContext;
  }
}
