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
}

export function newRequestContext(): CdnRequestContext {
  return { type: 'other', name: null, version: null, kind: null, file: null, answer: null };
}

declare module 'fastify' {
  interface FastifyRequest {
    cdn: CdnRequestContext;
  }
}
