/**
 * A plain static file server on loopback: a remote deployed somewhere else than the web server, as a team
 * would deploy it (its own host, CORS open to the site).
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export interface StaticServer {
  url: string;
  stop(): Promise<void>;
}

export async function serveFolder(folder: string): Promise<StaticServer> {
  const root = path.resolve(folder);
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.resolve(root, `.${pathname}`);
    let size = -1;
    try {
      if (file.startsWith(`${root}${path.sep}`)) size = statSync(file).isFile() ? statSync(file).size : -1;
    } catch {
      /* missing */
    }
    if (size < 0) {
      response.writeHead(404, { 'access-control-allow-origin': '*' }).end();
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': size,
      'access-control-allow-origin': '*',
      'cache-control': 'no-cache',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
