/**
 * One request to a server of our own on loopback, through the client and body stream every upstream request
 * takes (`fetchUpstream`, `readBody`): the first request a process sends loads the HTTP client and compiles its
 * parser, which the first package a new process fetched used to pay for (about 100 ms). Its metrics go to a
 * registry of their own, so the process's `/metrics` counts no fetch it did not make.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchUpstream, readBody } from './fetchUpstream.ts';
import { createPackageMetrics } from './metrics.ts';

export async function warmUpUpstream(): Promise<void> {
  const server = http.createServer((_request, response) => response.end('{"warm":true}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetchUpstream({
      upstream: 'npm',
      kind: 'document',
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      what: 'the warm-up request',
      timeoutMs: 10_000,
      metrics: createPackageMetrics(),
    });
    await readBody(response, 'the warm-up request');
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
