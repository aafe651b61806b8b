/** The content security policy the web server sends with its pages, and the esm.run benchmark frame's own. */
import { BENCHMARK_FRAME_DOCUMENT, BENCHMARK_FRAME_PATH, BENCHMARK_FRAME_SCRIPT } from '@skylift/shared/esm';
import { scriptHashSource } from './http/contentSecurityPolicy.ts';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildWwwApp } from './app.ts';
import { createFakeBuild, testConfig, type FakeBuild } from './testing/fakeBuild.ts';

describe('www: content security policy', () => {
  let build: FakeBuild;
  let app: FastifyInstance;
  let remotesFile: string;
  let contentFile: string;

  const directives = (header: unknown): Map<string, string[]> =>
    new Map(
      String(header)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values]),
    );

  before(async () => {
    build = createFakeBuild();
    remotesFile = path.join(build.root, 'remotes-override.json');
    contentFile = path.join(build.root, 'site-content.json');
    const config = {
      ...testConfig(build.root),
      esmTools: { sandboxUrl: 'https://sandbox.example.test/post', moduleCdns: [{ name: 'Other', template: 'https://modules.example.test/{name}' }] },
    };
    app = await buildWwwApp(config, { remotesFile, contentFile });
  });
  after(async () => {
    await app.close();
    build.remove();
  });

  it('allows the services, the esm.run tools and the remotes of the deployment, and no one may frame the site', async () => {
    const response = await app.inject({ url: '/' });
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    const policy = directives(response.headers['content-security-policy']);
    assert.deepEqual(policy.get('default-src'), ["'self'"]);
    assert.deepEqual(policy.get('frame-ancestors'), ["'self'"]);
    assert.deepEqual(policy.get('object-src'), ["'none'"]);
    const connect = policy.get('connect-src') ?? [];
    for (const origin of [
      'https://cdn.example.test',
      'https://data.example.test',
      'https://search.example.test',
      'https://purge.example.test',
      'https://esm.example.test',
    ]) {
      assert.ok(connect.includes(origin), `connect-src has ${origin}`);
    }
    // Scripts: the site, and the exact addresses of other services its pages load; no other module CDN.
    assert.deepEqual(policy.get('script-src'), [
      "'self'",
      // The remotes' origin: here the site's own, from the remotes manifest.
      'https://www.example.test',
      'https://cdn.example.test/npm/canvas-confetti@1.9.3/+esm',
      'https://cdn.example.test/npm/@scalar/api-reference@1.72.1/dist/browser/standalone.js',
      'https://data.example.test/docs/init.js',
    ]);
    assert.ok(policy.get('frame-src')?.includes('https://data.example.test'), 'the data API reference is framed');
    assert.ok(!policy.get('frame-src')?.includes('https://modules.example.test'));
    assert.deepEqual(policy.get('form-action'), ["'self'", 'https://sandbox.example.test']);
    assert.ok(!response.headers['content-security-policy']?.toString().includes('unsafe-eval'));
  });

  it("serves the esm.run benchmark's frame with a policy of its own: the CDN's packages and the module CDNs, its one script by hash", async () => {
    const response = await app.inject({ url: BENCHMARK_FRAME_PATH });
    assert.equal(response.statusCode, 200);
    assert.equal(response.body, BENCHMARK_FRAME_DOCUMENT);
    const policy = directives(response.headers['content-security-policy']);
    assert.deepEqual(policy.get('default-src'), ["'none'"]);
    assert.deepEqual(policy.get('script-src'), [scriptHashSource(BENCHMARK_FRAME_SCRIPT), 'https://cdn.example.test/npm/', 'https://modules.example.test']);
    assert.deepEqual(policy.get('sandbox'), ['allow-scripts']);
    assert.deepEqual(policy.get('frame-ancestors'), ["'self'"]);
    // The pages' policy, which the frame's would be without a policy of its own, allows none of it.
    const page = directives((await app.inject({ url: '/' })).headers['content-security-policy']);
    assert.ok(!page.get('script-src')?.includes(scriptHashSource(BENCHMARK_FRAME_SCRIPT)));
    assert.ok(!page.get('script-src')?.includes('https://cdn.example.test/npm/'));
  });

  it('follows a remote moved elsewhere and a newsletter named by the content; JSON answers carry no policy', async () => {
    writeFileSync(remotesFile, JSON.stringify({ 'mf-stats': 'https://stats.example.test/v2/mf-manifest.json' }));
    writeFileSync(contentFile, JSON.stringify({ links: { newsletter: 'https://list.example.test/subscribe' } }));
    const policy = directives((await app.inject({ url: '/statistics' })).headers['content-security-policy']);
    assert.ok(policy.get('script-src')?.includes('https://stats.example.test'));
    assert.ok(policy.get('connect-src')?.includes('https://stats.example.test'));
    assert.ok(policy.get('form-action')?.includes('https://list.example.test'));
    assert.equal((await app.inject({ url: '/config.json' })).headers['content-security-policy'], undefined);
  });
});
