/**
 * Test support: evaluates a module build in Node the way a browser would load it from the CDN. Every
 * `/npm/.../+esm` import inside it is fetched from the same app (inject), written to a private folder, and
 * the import rewritten to that file, so a module URL imported twice is one module instance, as on a page.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

export interface ModuleLoader {
  import(url: string): Promise<Record<string, unknown>>;
  /** Module URLs fetched so far, in order. */
  readonly fetched: string[];
  close(): Promise<void>;
}

// With the build options a URL carries (`+esm?dev`): each is a module of its own.
const MODULE_URL = /"(\/npm\/[^"]+\/\+esm(?:\/b\d+)?(?:\?[^"]*)?)"/g;

export async function moduleLoader(app: FastifyInstance): Promise<ModuleLoader> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'esm-import-'));
  const names = new Map<string, string>();
  const written = new Map<string, Promise<void>>();
  const fetched: string[] = [];

  const nameFor = (url: string): string => {
    let name = names.get(url);
    if (!name) {
      name = path.join(dir, `module-${names.size}.mjs`);
      names.set(url, name);
    }
    return name;
  };

  // Names are given before contents are written, so import cycles terminate.
  const write = (url: string): Promise<void> => {
    let done = written.get(url);
    if (!done) {
      done = (async () => {
        fetched.push(url);
        const response = await app.inject(url);
        if (response.statusCode !== 200) {
          // As in a browser, a module that does not load fails its importers: a static importer's graph, or an import() where it is awaited.
          await fs.writeFile(nameFor(url), `throw new Error(${JSON.stringify(`${url} answered ${response.statusCode}: ${response.body}`)});\n`);
          return;
        }
        const imports = [...new Set([...response.body.matchAll(MODULE_URL)].map((m) => m[1]!))];
        let code = response.body;
        for (const dep of imports) code = code.split(JSON.stringify(dep)).join(JSON.stringify(pathToFileURL(nameFor(dep)).href));
        await fs.writeFile(nameFor(url), code);
        // Failures surface when import() waits for the graph.
        for (const dep of imports) write(dep).catch(() => undefined);
      })();
      written.set(url, done);
    }
    return done;
  };

  return {
    fetched,
    async import(url) {
      await write(url);
      // Wait for the whole graph, including modules found while waiting.
      let settled = 0;
      while (settled < written.size) {
        settled = written.size;
        await Promise.all(written.values());
      }
      return (await import(pathToFileURL(nameFor(url)).href)) as Record<string, unknown>;
    },
    async close() {
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
