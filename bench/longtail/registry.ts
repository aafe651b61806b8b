/**
 * A generated npm registry on loopback for the long-tail soak, serving the packages of `generatedPackages.ts`. Every
 * package is made before the registry answers, in threads of their own: made on its first request, a package held
 * the load generator's thread for a quarter to half a second (its files, their hashes, its tarballs), and the first
 * minutes of a soak measured that more than the product. The registry remembers every file's SHA-256, so the soak
 * can check each body, and counts the tarball fetches of each version.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startTypeScriptWorker } from '../../server/src/workers/typeScriptWorker.ts';
import { versionLayout, type GeneratedVersion, type MadePackage } from './generatedPackages.ts';

export interface LongTailRegistry {
  url: string;
  names: string[];
  /** The versions of a package, oldest first. */
  versions(name: string): GeneratedVersion[];
  /** The SHA-256 (hex) of a file of a version, or undefined when it has no such file. */
  sha256(name: string, version: string, filePath: string): string | undefined;
  /** The bytes of a file, made again from its seed. */
  bytes(name: string, version: string, filePath: string): Buffer;
  /** Tarball downloads so far, by `name@version`. */
  tarballFetches(): Map<string, number>;
  /** How many versions and files the packages have, and their bytes. */
  generated(): { versions: number; files: number; bytes: number };
  close(): Promise<void>;
}

/** Makes every package in threads (one per core), saying how far it got every few seconds. */
async function makeAll(names: readonly string[], dir: string, say: (text: string) => void): Promise<Map<string, MadePackage>> {
  const made = new Map<string, MadePackage>();
  const began = performance.now();
  let next = 0;
  let lastSaid = began;
  const thread = async (): Promise<void> => {
    const worker = startTypeScriptWorker(new URL('./packageMakerThread.ts', import.meta.url));
    try {
      while (next < names.length) {
        const name = names[next++]!;
        const answer = await new Promise<{ name: string; made: MadePackage }>((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.postMessage({ name, dir });
        });
        worker.removeAllListeners('error');
        made.set(answer.name, answer.made);
        if (performance.now() - lastSaid > 10_000) {
          lastSaid = performance.now();
          say(`longtail: registry: ${made.size} of ${names.length} packages made (${((lastSaid - began) / 1000).toFixed(0)} s)`);
        }
      }
    } finally {
      await worker.terminate();
    }
  };
  await Promise.all(Array.from({ length: Math.min(names.length, os.availableParallelism()) }, thread));
  say(`longtail: registry: ${names.length} packages made in ${((performance.now() - began) / 1000).toFixed(0)} s`);
  return made;
}

export async function startLongTailRegistry(options: { packages: number; say: (text: string) => void }): Promise<LongTailRegistry> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'longtail-registry-'));
  const names = Array.from({ length: options.packages }, (_, i) => `lt-pkg-${i}`);
  const made = await makeAll(names, dir, options.say);
  const shas = new Map<string, string>();
  const fetches = new Map<string, number>();
  const totals = { versions: 0, files: 0, bytes: 0 };
  for (const [name, known] of made) {
    for (const version of known.versions) for (const file of version.files) shas.set(`${name}@${version.version}${file.path}`, file.sha256);
    totals.versions += known.versions.length;
    totals.files += known.files;
    totals.bytes += known.bytes;
  }
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://registry').pathname);
    const tarball = /^\/([^/]+)\/-\/([^/]+)-(\d+\.\d+\.\d+)\.tgz$/.exec(pathname);
    if (tarball) {
      const [, name, , version] = tarball;
      const entry = made.get(name!)?.tarballs.get(version!);
      if (!entry) return void response.writeHead(404).end();
      fetches.set(`${name}@${version}`, (fetches.get(`${name}@${version}`) ?? 0) + 1);
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': entry.bytes });
      fs.createReadStream(entry.file).pipe(response);
      return;
    }
    const name = pathname.slice(1);
    const known = made.get(name);
    if (!known) return void response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
    const base = `http://${request.headers.host}`;
    const versions: Record<string, unknown> = {};
    const time: Record<string, string> = { created: '2020-01-01T00:00:00.000Z', modified: '2020-01-01T00:00:00.000Z' };
    for (const [i, v] of known.versions.entries()) {
      const t = known.tarballs.get(v.version)!;
      versions[v.version] = {
        name,
        version: v.version,
        main: v.main.slice(1),
        dist: {
          tarball: `${base}/${name}/-/${name}-${v.version}.tgz`,
          integrity: t.integrity,
          shasum: t.shasum,
          unpackedSize: v.files.reduce((s, f) => s + f.size, 0),
        },
      };
      time[v.version] = new Date(Date.UTC(2020, 0, 2 + i)).toISOString();
    }
    const latest = known.versions.at(-1)!.version;
    const body = JSON.stringify({ name, 'dist-tags': { latest }, versions, time, modified: time['modified'] });
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    names,
    versions: (name) => made.get(name)!.versions,
    sha256: (name, version, filePath) => shas.get(`${name}@${version}/${filePath.replace(/^\//, '')}`),
    bytes: (name, version, filePath) => {
      const file = versionLayout(name, version).files.find((f) => f.path === filePath.replace(/^\//, ''));
      if (!file) throw new Error(`no file ${filePath} in ${name}@${version}`);
      return file.make();
    },
    tarballFetches: () => new Map(fetches),
    generated: () => ({ ...totals }),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
