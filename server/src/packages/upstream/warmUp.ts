/**
 * One request to a server of our own on loopback, through the same `fetch` and body stream as an upstream
 * request: the first request a process sends loads the HTTP client and compiles its parser, which the first
 * package a new process fetched used to pay for (about 100 ms).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

export async function warmUpUpstream(): Promise<void> {
  const server = http.createServer((_request, response) => response.end('{"warm":true}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    for await (const _chunk of Readable.fromWeb(response.body as WebReadableStream<Uint8Array>));
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
