/**
 * The purge service through inject(): the captcha step, validation, jobs polled to `finished`, the
 * fronting CDN asked for exactly the purged URLs (a loopback stand-in for Cloudflare's API), throttling,
 * rate limits, unknown ids, and jobs that survive a restart.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Challenge } from 'altcha-lib';
import { ManualClock } from '../testing/manualClock.ts';
import { until } from '../testing/until.ts';
import { testConfig } from '../cdn/testing/testApp.ts';
import type { Config } from '../config/config.ts';
import type { PackageRef } from '../packages/types.ts';
import { buildPurgeApp } from './app.ts';
import { createAltchaVerifier } from './captcha/altcha.ts';
import { solvedPayload } from './testing/solveCaptcha.ts';
import { openJobStore } from './jobs/jobStore.ts';
import { parsePurgePaths } from './paths.ts';
import { startRecordingServer, type RecordingServer } from './testing/recordingServer.ts';

let cloudflare: RecordingServer;
let config: Config;
const dropped: PackageRef[][] = [];

before(async () => {
  cloudflare = await startRecordingServer(() => ({ status: 200, body: { success: true } }));
});
after(async () => {
  await cloudflare.close();
});

function configWith(env: Record<string, string> = {}): Config {
  return testConfig(
    {},
    {
      SKYLIFT_CDN_URL: 'https://cdn.example.test',
      SKYLIFT_PURGE_URL: 'https://purge.example.test',
      SKYLIFT_CLOUDFLARE_ZONE_ID: 'zone',
      SKYLIFT_CLOUDFLARE_API_TOKEN: 'token',
      SKYLIFT_CLOUDFLARE_API_URL: cloudflare.url,
      SKYLIFT_ALTCHA_HMAC_KEY: 'test-key',
      ...env,
    },
  );
}

async function build(cfg: Config): Promise<FastifyInstance> {
  const app = await buildPurgeApp(cfg, {
    verifier: createAltchaVerifier({ hmacKey: 'test-key', challengeUrl: `${cfg.services.purge.publicUrl}/captcha/challenge`, maxCounter: 2000 }),
    dropOwnCaches: async (refs) => {
      dropped.push([...refs]);
      return 2;
    },
  });
  await app.ready();
  return app;
}

async function solved(app: FastifyInstance): Promise<string> {
  const challenge = await app.inject('/captcha/challenge');
  assert.equal(challenge.statusCode, 200);
  assert.equal(challenge.headers['cache-control'], 'no-store');
  return solvedPayload(challenge.json() as Challenge);
}

async function purge(app: FastifyInstance, path: unknown, token?: string) {
  return app.inject({ method: 'POST', url: '/captcha', payload: { 'g-recaptcha-response': token ?? (await solved(app)), path } });
}

async function poll(app: FastifyInstance, id: string) {
  return until(
    async () => {
      const res = await app.inject(`/status/${id}`);
      assert.equal(res.statusCode, 200);
      const body = res.json() as { status: string; paths: Record<string, { throttled: boolean; providers: Record<string, boolean>; origin?: string }> };
      return body.status === 'finished' && body;
    },
    { message: `job ${id} to finish`, timeoutMs: 5_000, intervalMs: 20 },
  );
}

test('the page learns which captcha to show', async () => {
  config = configWith();
  const app = await build(config);
  const res = await app.inject('/captcha');
  assert.deepEqual(res.json(), { kind: 'altcha', challengeUrl: 'https://purge.example.test/captcha/challenge' });
  assert.equal(res.headers['access-control-allow-origin'], '*');
  // The page posts JSON from the website's origin: the preflight must allow it.
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/captcha',
    headers: { origin: 'http://www.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
  assert.equal(preflight.statusCode, 204);
  assert.match(String(preflight.headers['access-control-allow-methods']), /POST/);
  assert.equal(preflight.headers['access-control-allow-headers'], 'content-type');
  assert.equal(preflight.headers['access-control-allow-origin'], '*');
  await app.close();
});

test('ten alias paths are purged: our resolutions dropped, Cloudflare asked for exactly their URLs, polled to finished', async () => {
  config = configWith();
  const app = await build(config);
  cloudflare.requests.length = 0;
  dropped.length = 0;
  const paths = [...Array.from({ length: 8 }, (_, i) => `/npm/pkg${i}@1/index.js`), '/gh/user/repo@main/dist/app.js', '/npm/jquery@3.7.1/dist/jquery.min.js'];
  const res = await purge(app, paths);
  assert.equal(res.statusCode, 202);
  const { id } = res.json() as { id: string };
  const status = await poll(app, id);
  assert.deepEqual(Object.keys(status.paths), paths);
  for (const path of paths) {
    assert.deepEqual(status.paths[path]!.providers, { CF: true });
    assert.equal(status.paths[path]!.throttled, false);
  }
  assert.equal(status.paths['/npm/pkg0@1/index.js']!.origin, 'dropped');
  assert.equal(status.paths['/npm/jquery@3.7.1/dist/jquery.min.js']!.origin, 'immutable', 'exact versions: only the fronting CDNs are asked');
  assert.equal(cloudflare.requests.length, 1);
  assert.deepEqual(JSON.parse(cloudflare.requests[0]!.body), { files: paths.map((p) => `https://cdn.example.test${p}`) });
  // The immutable path's package is not dropped; the alias ones are, once each.
  assert.deepEqual(
    dropped
      .flat()
      .map((ref) => `${ref.type}:${ref.name}`)
      .sort(),
    [...Array.from({ length: 8 }, (_, i) => `npm:pkg${i}`), 'gh:user/repo'].sort(),
  );

  // The same path again within the window is throttled, and nobody is asked anything about it.
  const again = await purge(app, ['/npm/pkg0@1/index.js']);
  const throttled = await poll(app, (again.json() as { id: string }).id);
  assert.deepEqual(throttled.paths['/npm/pkg0@1/index.js'], { throttled: true, providers: {} });
  assert.equal(cloudflare.requests.length, 1);
  const metrics = (await app.inject('/metrics')).body;
  assert.match(metrics, /purge_paths_total\{[^}]*outcome="purged"[^}]*\} 10/);
  assert.match(metrics, /purge_paths_total\{[^}]*outcome="throttled"[^}]*\} 1/);
  assert.match(metrics, /purge_provider_answers_total\{[^}]*provider="CF"[^}]*result="ok"[^}]*\} 10/);
  await app.close();
});

test('a failing provider is reported per path', async () => {
  config = configWith();
  const app = await build(config);
  cloudflare.setFailure('500');
  const res = await purge(app, ['/npm/failing@2/a.js']);
  const status = await poll(app, (res.json() as { id: string }).id);
  assert.deepEqual(status.paths['/npm/failing@2/a.js']!.providers, { CF: false });
  cloudflare.setFailure(null);
  await app.close();
});

test('a job whose run fails is logged, counted and run again after a backoff until it finishes', async () => {
  config = configWith();
  let attempts = 0;
  const clock = new ManualClock();
  const app = await buildPurgeApp(config, {
    jobClock: clock,
    verifier: createAltchaVerifier({ hmacKey: 'test-key', challengeUrl: `${config.services.purge.publicUrl}/captcha/challenge`, maxCounter: 2000 }),
    // The relay to the other processes' caches fails once (a process restarting, say).
    dropOwnCaches: async () => {
      if (++attempts === 1) throw new Error('the caches could not be reached');
      return 1;
    },
  });
  await app.ready();
  try {
    const res = await purge(app, ['/npm/retried@2/a.js']);
    const { id } = res.json() as { id: string };
    // The first run fails: the job waits out its first backoff (1 s, the upper half of it at random), passed at once here.
    const backoff = await clock.paused();
    assert.ok(backoff >= 500 && backoff <= 1_000, `a first backoff of ${backoff} ms`);
    assert.equal(attempts, 1);
    clock.advance(backoff);
    await poll(app, id);
    assert.equal(attempts, 2);
    assert.match((await app.inject('/metrics')).body, /skylift_background_job_failures_total\{[^}]*job="purge-job"[^}]*\} 1/);
  } finally {
    await app.close();
  }
});

test('the captcha is required and accepted once', async () => {
  config = configWith();
  const app = await build(config);
  const missing = await app.inject({ method: 'POST', url: '/captcha', payload: { path: ['/npm/a@1/x.js'] } });
  assert.equal(missing.statusCode, 403);
  assert.deepEqual(missing.json(), { status: 403, message: 'The captcha was not solved: solve it and try again.' });
  const token = await solved(app);
  assert.equal((await purge(app, ['/npm/once@1/x.js'], token)).statusCode, 202);
  assert.equal((await purge(app, ['/npm/twice@1/x.js'], token)).statusCode, 403);
  await app.close();
});

test('bad paths are a 400 with a message, before any captcha is spent', async () => {
  config = configWith({ SKYLIFT_PURGE_RATE_LIMIT: '100' });
  const app = await build(config);
  const cases: Array<[unknown, RegExp]> = [
    [[], /at least one path/],
    [Array.from({ length: 11 }, (_, i) => `/npm/p${i}@1/a.js`), /At most 10 paths/],
    [['https://cdn.example.test/npm/a@1/x.js'], /Invalid path/],
    [['/wp-admin/index.php'], /only paths of the CDN/],
    [['/npm/a@1/../../etc/passwd'], /Invalid path/],
    [['/npm/a@1/x.js?v=2'], /Invalid path/],
    [['/npm/'], /Invalid path/],
    [[42], /non-empty string/],
    [['/npm/a@1/' + 'x'.repeat(1100)], /at most 1024/],
  ];
  for (const [path, message] of cases) {
    const res = await app.inject({ method: 'POST', url: '/captcha', payload: { 'g-recaptcha-response': 'unused', path } });
    assert.equal(res.statusCode, 400, JSON.stringify(path).slice(0, 80));
    assert.match((res.json() as { message: string }).message, message);
  }
  const notJson = await app.inject({ method: 'POST', url: '/captcha', payload: '[1]', headers: { 'content-type': 'application/json' } });
  assert.equal(notJson.statusCode, 400);
  await app.close();
});

test('one client may send only so many purge requests a minute', async () => {
  config = configWith({ SKYLIFT_PURGE_RATE_LIMIT: '2' });
  const app = await build(config);
  assert.equal((await purge(app, ['/npm/r1@1/a.js'])).statusCode, 202);
  assert.equal((await purge(app, ['/npm/r2@1/a.js'])).statusCode, 202);
  const third = await purge(app, ['/npm/r3@1/a.js']);
  assert.equal(third.statusCode, 429);
  assert.ok(Number(third.headers['retry-after']) > 0);
  // The purge page is on another origin: it can say when to try again only if the browser lets it read this.
  const fromPage = await app.inject({
    method: 'POST',
    url: '/captcha',
    headers: { origin: 'http://localhost:4000' },
    payload: { 'g-recaptcha-response': await solved(app), path: ['/npm/r4@1/a.js'] },
  });
  assert.equal(fromPage.statusCode, 429);
  assert.match(String(fromPage.headers['access-control-expose-headers']), /Retry-After/);
  await app.close();
});

test("a challenge used through one purge process is refused by another on the same data folder, and they share the client's rate", async () => {
  // Two processes of the service as the launcher runs them: each opens the machine's shared state file.
  const first = configWith({ SKYLIFT_SHARED_STATE: 'sqlite', SKYLIFT_PURGE_RATE_LIMIT: '3' });
  const second = { ...first };
  const dropOwnCaches = async (): Promise<number> => 0;
  // The verifier each builds from the configuration (with the key the launcher gives all of them).
  const one = await buildPurgeApp(first, { dropOwnCaches });
  const other = await buildPurgeApp(second, { dropOwnCaches });
  await Promise.all([one.ready(), other.ready()]);
  try {
    const token = await solvedPayload((await other.inject('/captcha/challenge')).json() as Challenge);
    assert.equal((await purge(one, ['/npm/shared-once@1/x.js'], token)).statusCode, 202);
    const replayed = await purge(other, ['/npm/shared-twice@1/x.js'], token);
    assert.equal(replayed.statusCode, 403, 'the other process knows the challenge was used');
    assert.deepEqual(replayed.json(), { status: 403, message: 'The captcha was not solved: solve it and try again.' });
    assert.equal((await purge(one, ['/npm/shared-rate@1/x.js'], 'unsolved')).statusCode, 403, 'the third request of the minute');
    const fourth = await purge(other, ['/npm/shared-rate@1/x.js'], 'unsolved');
    assert.equal(fourth.statusCode, 429, 'the limit counts the requests both processes took');
    assert.ok(Number(fourth.headers['retry-after']) > 0);
  } finally {
    await Promise.all([one.close(), other.close()]);
  }
});

test('an unknown or malformed id is a 404', async () => {
  config = configWith();
  const app = await build(config);
  for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', '..%2F..%2Fetc']) {
    const res = await app.inject(`/status/${id}`);
    assert.equal(res.statusCode, 404, id);
    assert.equal((res.json() as { status: number }).status, 404);
  }
  await app.close();
});

test('a job left pending by a stop is finished after the restart, and its id still answers', async () => {
  config = configWith();
  // What a process that died right after accepting the purge leaves behind.
  const store = await openJobStore(config);
  const job = await store.create(parsePurgePaths(['/npm/restart@1/a.js']), Date.now(), 60_000);
  await store.close();
  const app = await build(config);
  const status = await poll(app, job.id);
  assert.deepEqual(status.paths['/npm/restart@1/a.js']!.providers, { CF: true });
  await app.close();
});

test('with a hosted captcha configured, tokens are checked through siteverify', async () => {
  const verifier = await startRecordingServer((request) => ({ status: 200, body: { success: new URLSearchParams(request.body).get('response') === 'good' } }));
  try {
    const cfg = configWith({
      SKYLIFT_CAPTCHA: 'turnstile',
      SKYLIFT_CAPTCHA_SECRET: 'secret',
      SKYLIFT_CAPTCHA_SITE_KEY: 'site',
      SKYLIFT_CAPTCHA_VERIFY_URL: `${verifier.url}/siteverify`,
    });
    const app = await buildPurgeApp(cfg, { dropOwnCaches: async () => 0 });
    const widget = (await app.inject('/captcha')).json() as { kind: string; siteKey: string };
    assert.equal(widget.kind, 'turnstile');
    assert.equal(widget.siteKey, 'site');
    assert.equal((await app.inject('/captcha/challenge')).statusCode, 404);
    assert.equal((await purge(app, ['/npm/hosted@1/a.js'], 'bad')).statusCode, 403);
    const ok = await purge(app, ['/npm/hosted@1/a.js'], 'good');
    assert.equal(ok.statusCode, 202);
    const status = await poll(app, (ok.json() as { id: string }).id);
    assert.equal(status.paths['/npm/hosted@1/a.js']!.origin, 'none', 'no package store subscribed in this test');
    assert.equal(new URLSearchParams(verifier.requests[1]!.body).get('secret'), 'secret');
    await app.close();
  } finally {
    await verifier.close();
  }
});

test('a hosted captcha without its secret is a configuration error at start-up', () => {
  assert.throws(() => configWith({ SKYLIFT_CAPTCHA: 'hcaptcha' }), /needs SKYLIFT_CAPTCHA_SECRET/);
  assert.throws(() => configWith({ SKYLIFT_CAPTCHA: 'other' }), /must be one of/);
});
