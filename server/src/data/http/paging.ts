/**
 * Paging of list responses: `limit` (1 to 100, default 100) and `page` (1 to 100, default 1) in, and the
 * RFC 8288 `Link` header with `X-Total-Count` and `X-Total-Pages` out.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

export interface Paging {
  limit: number;
  page: number;
  offset: number;
}

const MAX = 100;

function boundedInteger(raw: unknown, name: string, fallback: number): number {
  if (raw === undefined) return fallback;
  const text = String(raw);
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX) {
    throw badRequest(`Invalid parameter value: ${name} must be an integer between 1 and ${MAX}, got "${text}".`);
  }
  return Number(text);
}

export function parsePaging(query: Record<string, unknown>): Paging {
  const limit = boundedInteger(query['limit'], 'limit', MAX);
  const page = boundedInteger(query['page'], 'page', 1);
  return { limit, page, offset: (page - 1) * limit };
}

export function setPagingHeaders(request: FastifyRequest, reply: FastifyReply, baseUrl: string, paging: Paging, totalCount: number): void {
  const totalPages = Math.ceil(totalCount / paging.limit);
  const url = new URL(request.url, 'http://placeholder');
  const link = (page: number, rel: string): string => {
    const params = new URLSearchParams(url.search);
    params.set('page', String(page));
    params.set('limit', String(paging.limit));
    return `<${baseUrl}${url.pathname}?${params.toString()}>; rel="${rel}"`;
  };
  const last = Math.max(1, Math.min(totalPages, MAX));
  const links = [link(1, 'first')];
  if (paging.page > 1) links.push(link(Math.min(paging.page - 1, last), 'prev'));
  links.push(link(paging.page, 'self'));
  if (paging.page < last) links.push(link(paging.page + 1, 'next'));
  links.push(link(last, 'last'));
  reply.header('link', links.join(', '));
  reply.header('x-total-count', String(totalCount));
  reply.header('x-total-pages', String(totalPages));
}
