/** Search test helpers: a configuration with a fresh data directory and no upstream beyond loopback, and a fixture registry. */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config/config.ts';

export function searchTestConfig(env: Record<string, string> = {}): { config: Config; cleanup: () => void } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-test-'));
  const config = loadConfig({
    SKYLIFT_DATA_DIR: dataDir,
    SKYLIFT_LOG_LEVEL: 'silent',
    // Never reached by these tests unless a test starts a fixture registry and says so.
    SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9',
    SKYLIFT_SEARCH_APP_ID: 'TESTAPP',
    SKYLIFT_SEARCH_API_KEY: 'test-search-key',
    SKYLIFT_SEARCH_INDEX: 'npm-search',
    ...env,
  });
  return { config, cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * A fixture registry on loopback: a CouchDB-style `_changes` feed over a list of changes the test appends
 * to, and the package documents at `/{name}`. It records the `since` of every feed request.
 */
export class FixtureRegistry {
  readonly changes: Array<{ seq: number; id: string; deleted?: boolean }> = [];
  readonly documents = new Map<string, unknown>();
  readonly sinceRequested: Array<string | null> = [];
  readonly documentRequests: string[] = [];
  private server = http.createServer((request, response) => this.handle(request, response));
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  publish(name: string, doc: unknown): void {
    this.documents.set(name, doc);
    this.changes.push({ seq: this.changes.length + 1, id: name });
  }

  unpublish(name: string): void {
    this.documents.delete(name);
    this.changes.push({ seq: this.changes.length + 1, id: name, deleted: true });
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const url = new URL(request.url ?? '/', this.url);
    const json = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/_changes') {
      const since = url.searchParams.get('since');
      this.sinceRequested.push(since);
      const limit = Number(url.searchParams.get('limit') ?? 1000);
      const pending = this.changes.filter((change) => change.seq > Number(since ?? 0)).slice(0, limit);
      json(200, {
        results: pending.map((change) => ({ ...change, changes: [{ rev: `1-${change.seq}` }] })),
        last_seq: pending.at(-1)?.seq ?? Number(since ?? 0),
      });
      return;
    }
    // `/{name}` is the whole document, `/{name}/latest` the latest version's package.json, `/{name}/{version}` that version's.
    const path = decodeURIComponent(url.pathname.slice(1));
    const versionMatch = /^(.+)\/(latest|\d+\.\d+\.\d+[^/]*)$/.exec(path);
    const name = versionMatch ? versionMatch[1]! : path;
    this.documentRequests.push(url.pathname);
    const doc = this.documents.get(name) as { 'dist-tags': { latest: string }; versions: Record<string, unknown> } | undefined;
    if (doc === undefined) return json(404, { error: 'not_found' });
    if (!versionMatch) return json(200, doc);
    const manifest = doc.versions[versionMatch[2] === 'latest' ? doc['dist-tags'].latest : versionMatch[2]!];
    if (manifest === undefined) json(404, { error: 'version not found' });
    else json(200, manifest);
  }
}

/** A registry document with one version. */
export function packument(name: string, version: string, fields: Record<string, unknown>): unknown {
  return { name, 'dist-tags': { latest: version }, versions: { [version]: { name, version, ...fields } } };
}
