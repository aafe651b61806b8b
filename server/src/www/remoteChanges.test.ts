/** The web server following its remotes (a remote moved to another server) and its content file as they change. */
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { BRAND } from '@skylift/shared/brand';
import { buildWwwApp } from './app.ts';
import { createFakeBuild, testConfig, type FakeBuild } from './testing/fakeBuild.ts';

function head(html: string): Document {
  return new JSDOM(html).window.document;
}

describe('www: the site follows its remotes and its content as they change', () => {
  let build: FakeBuild;
  let app: FastifyInstance;
  let remotesFile: string;
  let contentFile: string;
  let elsewhere: Server;
  let elsewhereUrl: string;
  let servedDeclaration: unknown;

  before(async () => {
    build = createFakeBuild();
    remotesFile = path.join(build.root, 'remotes-override.json');
    contentFile = path.join(build.root, 'site-content.json');
    // A remote deployed somewhere else, as a team would: its files on another server.
    elsewhere = createServer((request, response) => {
      if (request.url === '/tools/v2/mf-pages.json') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(servedDeclaration));
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    app = await buildWwwApp(testConfig(build.root), { remotesFile, contentFile, declarationRefreshMs: 0 });
  });
  after(async () => {
    await app.close();
    elsewhere.closeAllConnections();
    await new Promise((resolve) => elsewhere.close(resolve));
    build.remove();
  });

  it('serves the pages of a remote moved to another server, with their titles, and keeps them when it becomes unreachable', async () => {
    assert.equal((await app.inject({ url: '/tools/new-converter' })).statusCode, 404, 'no remote claims it yet');
    servedDeclaration = {
      remote: 'mf-tools',
      pages: [
        { path: '/tools/purge', title: `Purge cache - ${BRAND.name}`, description: 'Purge.', header: 'white' },
        {
          path: '/tools/new-converter',
          title: `New converter - ${BRAND.name}`,
          description: 'Converts.',
          header: 'white',
          menus: [{ menu: 'tools', label: 'New converter', order: 70 }],
        },
      ],
    };
    writeFileSync(remotesFile, JSON.stringify({ 'mf-tools': `${elsewhereUrl}/tools/v2/mf-manifest.json` }));
    const added = await app.inject({ url: '/tools/new-converter' });
    assert.equal(added.statusCode, 200);
    assert.equal(head(added.body).title, `New converter - ${BRAND.name}`);
    const boot = (await app.inject({ url: '/boot.json' })).json() as { pages: Array<{ remote: string; pages: Array<{ path: string }> }> };
    assert.deepEqual(
      boot.pages.find((p) => p.remote === 'mf-tools')?.pages.map((p) => p.path),
      ['/tools/purge', '/tools/new-converter'],
    );

    // The remote's server goes away: its routes keep their titles and a 200, so the shell can show its fallback.
    elsewhere.closeAllConnections();
    await new Promise((resolve) => elsewhere.close(resolve));
    for (let i = 0; i < 3; i++) {
      const kept = await app.inject({ url: '/tools/new-converter' });
      assert.equal(kept.statusCode, 200);
      assert.equal(head(kept.body).title, `New converter - ${BRAND.name}`);
      // What must not happen: the routes forgotten once a reading of the declaration failed. Each look leaves
      // the failed reading a moment to land before the next.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it("refuses a declaration that is not the remote's own or is malformed, keeping what it had", async () => {
    writeFileSync(path.join(build.root, 'mf-stats', 'dist', 'mf-pages.json'), JSON.stringify({ remote: 'mf-stats', pages: [{ path: 'no-slash' }] }));
    const kept = await app.inject({ url: '/statistics' });
    assert.equal(kept.statusCode, 200, 'the last good declaration of the local build stays');
  });

  it('takes figures, links and notices from the content file as it changes, and ignores a broken one', async () => {
    writeFileSync(contentFile, JSON.stringify({ links: { chat: 'https://chat.example.test/join' }, sponsors: [{ name: 'Example Host', role: 'CDN' }] }));
    const discord = await app.inject({ url: '/discord' });
    assert.equal(discord.statusCode, 302);
    assert.equal(discord.headers.location, 'https://chat.example.test/join');
    const boot = (await app.inject({ url: '/boot.json' })).json() as { content: { sponsors: Array<{ name: string }> } };
    assert.deepEqual(
      boot.content.sponsors.map((s) => s.name),
      ['Example Host'],
    );

    writeFileSync(contentFile, JSON.stringify({ figures: { websites: 'many' } }));
    assert.equal((await app.inject({ url: '/discord' })).statusCode, 302, 'a content file with a fault leaves the last good content in force');
    rmSync(contentFile);
    assert.equal((await app.inject({ url: '/discord' })).statusCode, 404, 'without a content file, the defaults: no chat community');
  });
});
