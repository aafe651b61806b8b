/**
 * The reference for the module benchmark: packages served as unbundled native ES modules, file by file,
 * the way unpkg's `?module` works. `/{name}@{range}?module` redirects to the package's entry file at the
 * exact version; every JavaScript file is served as published, except that bare imports (`from 'dep'`) are
 * rewritten to `/{dep}@{declared range}[/{sub}]?module` on this server, which redirect in turn. The browser
 * thus fetches every module of every package separately.
 */
import http from 'node:http';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { PackageStore } from '../../server/src/packages/types.ts';
import { declaredDependency } from '../../server/src/cdn/esm/resolve/depUrl.ts';
import { probeFile, resolveEntry, splitBareSpecifier } from '../../server/src/cdn/esm/resolve/entry.ts';

export interface UnbundledServer {
  url: string;
  close(): Promise<void>;
}

/** Static and dynamic import specifiers: `from 'x'`, `import 'x'`, `import('x')`. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"\n]+)\2/g;

function isBare(specifier: string): boolean {
  return !specifier.startsWith('.') && !specifier.startsWith('/') && !/^[a-z]+:/i.test(specifier);
}

export async function startUnbundledServer(store: PackageStore): Promise<UnbundledServer> {
  const send = (response: http.ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer = ''): void => {
    response.writeHead(status, { 'access-control-allow-origin': '*', ...headers });
    response.end(body);
  };

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const match = /^\/((?:@[^/]+\/)?[^/@]+)(?:@([^/]+))?(\/.*)?$/.exec(decodeURIComponent(url.pathname));
    if (!match) return send(response, 404, { 'content-type': 'text/plain' }, 'Not found');
    const [, name, requested = '', rawPath = ''] = match;
    const ref = { type: 'npm' as const, name: name! };
    const resolved = await store.resolve(ref, requested);
    const listing = await store.listing(ref, resolved.version);
    const files = new Set(listing.files.map((f) => f.path));
    const has = { has: (p: string) => files.has(p) };
    const manifest = (await store.manifest(ref, resolved.version)) ?? {};
    const file =
      rawPath === '' ? resolveEntry(manifest, has, '') : files.has(rawPath) ? rawPath : (resolveEntry(manifest, has, rawPath) ?? probeFile(has, rawPath));
    if (!file) return send(response, 404, { 'content-type': 'text/plain' }, `No file ${rawPath}`);
    if (resolved.version !== requested || file !== rawPath) {
      return send(response, 302, { location: `/${name}@${resolved.version}${file}?module`, 'cache-control': 'public, max-age=60' });
    }
    const stored = await store.file(ref, resolved.version, file);
    let body = await fs.readFile(stored!.diskPath, 'utf8');
    if (/\.(m|c)?js$/.test(file)) {
      body = body.replace(SPECIFIER, (whole, lead: string, quote: string, specifier: string) => {
        if (!isBare(specifier)) return whole;
        const bare = splitBareSpecifier(specifier);
        const declared = declaredDependency(manifest, bare.name);
        const version = declared.range ? `@${declared.range}` : '';
        return `${lead}${quote}/${declared.name}${version}${bare.subpath}?module${quote}`;
      });
    }
    send(response, 200, { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' }, body);
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { 'content-type': 'text/plain' }, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
