import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { TEXT_ERRORS, boundedServerOptions } from './inputBounds.ts';
import { MAX_REQUESTS_PER_CONNECTION } from './serviceServer.ts';

/**
 * Sends requests one after another on one kept-alive connection, each when the last was answered; the answers'
 * Connection headers, until the server closes the connection (or all are answered).
 */
function sequential(port: number, paths: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const seen: string[] = [];
    let buffer = '';
    let next = 0;
    const send = (): void => void (next < paths.length && socket.write(`GET ${paths[next++]} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    socket.on('connect', send);
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = buffer.slice(0, end);
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        seen.push(/\r\nconnection: (\S+)/i.exec(head)?.[1]?.toLowerCase() ?? 'none');
        buffer = buffer.slice(end + 4 + length);
        // All answered on a connection still open: the client ends it.
        if (seen.length === paths.length) socket.end();
        else send();
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(seen));
  });
}

describe('the service server', () => {
  let app: FastifyInstance;
  let port = 0;
  let first = 0;
  before(async () => {
    // What the CDN does with its warm files: the server answers some requests before Fastify.
    app = Fastify({
      ...boundedServerOptions(TEXT_ERRORS, (request, response) => {
        if (request.url !== '/first') return false;
        first++;
        response.writeHead(200, { 'content-type': 'text/plain', 'content-length': 2 }).end('ok');
        return true;
      }),
    });
    app.get('/routed', async (_request, reply) => reply.type('text/plain').send('ok'));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  after(() => app.close());

  it(`closes a kept-alive connection after ${MAX_REQUESTS_PER_CONNECTION} answers, those it answers before Fastify included`, async () => {
    first = 0;
    const paths = Array.from({ length: MAX_REQUESTS_PER_CONNECTION + 20 }, (_, i) => (i % 2 ? '/first' : '/routed'));
    const answers = await sequential(port, paths);
    assert.equal(answers.length, MAX_REQUESTS_PER_CONNECTION);
    assert.deepEqual(answers.slice(0, -1), Array(MAX_REQUESTS_PER_CONNECTION - 1).fill('keep-alive'));
    assert.equal(answers.at(-1), 'close');
    assert.equal(first, MAX_REQUESTS_PER_CONNECTION / 2, 'half of them answered before Fastify');
  });

  it('a new connection starts its count again', async () => {
    const answers = await sequential(port, ['/routed', '/first', '/routed']);
    assert.deepEqual(answers, ['keep-alive', 'keep-alive', 'keep-alive']);
  });
});
