/**
 * Paging of list responses: `limit` (1 to 100, default 100) and `page` (1 to 100, default 1) in, and the
 * RFC 8288 `Link` header with `X-Total-Count` and `X-Total-Pages` out.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface Paging {
  limit: number;
  page: number;
  offset: number;
}

/** The contract's largest `page`: the `last` link never points past it. */
const MAX = 100;

/** `limit` and `page` as the contract bounds them (validated before a handler runs; its defaults filled in). */
export function parsePaging({ limit, page }: { limit: number; page: number }): Paging {
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
