import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseBunnyLine } from './bunny.ts';
import { parseCloudflareLine } from './cloudflare.ts';
import { parseFastlyLine } from './fastly.ts';
import { feedPositionKey, listFeedFiles, readFeedBatch } from './feeds.ts';
import { temporaryFolder } from '../../testing/temporaryFolder.ts';

const samples = path.join(path.dirname(fileURLToPath(import.meta.url)), 'samples');
const sampleLines = (file: string): string[] => fs.readFileSync(path.join(samples, file), 'utf8').split('\n').filter(Boolean);

test('Cloudflare http_requests lines: time in any of its timestamp formats, body bytes, lower-case country, cache status, the URL parsed as the CDN parses it', () => {
  const lines = sampleLines('cloudflare-http_requests.ndjson').map(parseCloudflareLine);
  assert.deepEqual(lines[0], {
    v: 1,
    t: '2026-11-21T10:00:00.000Z',
    type: 'npm',
    name: 'left-pad',
    version: '1.3.0',
    kind: 'version',
    file: '/index.js',
    status: 200,
    bytes: 1234,
    country: 'DE',
    ua: lines[0]!.ua,
    proxy: null,
    cache: 'hit',
  });
  assert.match(lines[0]!.ua ?? '', /Chrome\/131/);
  assert.equal(lines[1]!.cache, 'miss');
  // An alias: the package counts, no version or file (the edge does not know what it resolved to).
  assert.deepEqual([lines[2]!.name, lines[2]!.version, lines[2]!.kind, lines[2]!.file, lines[2]!.country], ['jquery', null, 'alias', null, 'FR']);
  assert.deepEqual([lines[3]!.status, lines[3]!.bytes], [404, 60]);
  // Tor's T1 is no country; "expired" was fetched from us again.
  assert.deepEqual([lines[4]!.type, lines[4]!.name, lines[4]!.version, lines[4]!.country, lines[4]!.cache], ['gh', 'twbs/bootstrap', 'v5.3.3', null, 'miss']);
  const rfc3339 = parseCloudflareLine(
    '{"EdgeStartTimestamp":"2026-11-21T10:05:00Z","ClientRequestPath":"/npm/a@1.0.0/x.js","EdgeResponseStatus":200,"EdgeResponseBytes":9}',
  );
  assert.deepEqual([rfc3339?.t, rfc3339?.bytes, rfc3339?.cache], ['2026-11-21T10:05:00.000Z', 9, null]);
  const unixSeconds = parseCloudflareLine('{"EdgeStartTimestamp":1795255200,"ClientRequestURI":"/npm/a@1.0.0/x.js","EdgeResponseStatus":200}');
  assert.equal(unixSeconds?.t, '2026-11-21T10:00:00.000Z');
});

test('Fastly JSON lines: fastly_info.state to hit, miss or stale; a listing has no file; empty country and user agent are none', () => {
  const lines = sampleLines('fastly-json.ndjson').map(parseFastlyLine);
  assert.deepEqual(
    lines.map((l) => l?.cache),
    ['hit', 'miss', 'stale', null],
  );
  assert.deepEqual([lines[0]!.t, lines[0]!.country, lines[0]!.ua], ['2026-11-21T11:00:00.000Z', 'JP', 'curl/8.5.0']);
  assert.deepEqual([lines[2]!.name, lines[2]!.version, lines[2]!.file], ['@babel/core', '7.26.0', '/lib/index.js']);
  assert.deepEqual(
    [lines[3]!.t, lines[3]!.name, lines[3]!.version, lines[3]!.file, lines[3]!.country, lines[3]!.ua],
    ['2026-11-21T23:59:59.000Z', 'left-pad', null, null, null, null],
  );
});

test('Bunny pipe-separated lines: twelve fields, millisecond time, absolute URL, a user agent containing a pipe kept whole', () => {
  const lines = sampleLines('bunny-cdn.txt').map(parseBunnyLine);
  assert.deepEqual(lines[0], {
    v: 1,
    t: '2026-11-21T11:00:00.000Z',
    type: 'npm',
    name: 'left-pad',
    version: '1.3.0',
    kind: 'version',
    file: '/index.js',
    status: 200,
    bytes: 1234,
    country: 'DE',
    ua: lines[0]!.ua,
    proxy: null,
    cache: 'hit',
  });
  assert.deepEqual([lines[1]!.cache, lines[1]!.country], ['miss', 'US']);
  assert.deepEqual([lines[2]!.status, lines[2]!.bytes, lines[2]!.version], [304, 0, '3.7.1']);
  assert.deepEqual(
    [lines[3]!.kind, lines[3]!.version, lines[3]!.file, lines[3]!.ua, lines[3]!.country],
    ['commit', '0123456789abcdef0123456789abcdef01234567', '/README.md', 'Weird|Agent/1.0', 'AU'],
  );
});

test('lines that are not of the format are refused, each parser alone', () => {
  for (const bad of [
    '',
    'not json',
    '[]',
    '{"EdgeResponseStatus":200}',
    '{"EdgeStartTimestamp":"yesterday","ClientRequestURI":"/","EdgeResponseStatus":200}',
    '{"EdgeStartTimestamp":1,"ClientRequestURI":"/","EdgeResponseStatus":"ok"}',
  ]) {
    assert.equal(parseCloudflareLine(bad), null, bad);
  }
  for (const bad of [
    '{"time":"2026-11-21T11:00:00+0000","url":"/x","status":200,"bytes":-1}',
    '{"url":"/x","status":200}',
    '{"time":"2026-11-21T11:00:00+0000","status":200}',
  ]) {
    assert.equal(parseFastlyLine(bad), null, bad);
  }
  for (const bad of ['HIT|200|1795258800000|1234', 'HIT|abc|1795258800000|1|1|ip|-|/npm/a@1.0.0/x.js|DE|ua|id|DE', 'HIT|200|noon|1|1|ip|-|/x|DE|ua|id|DE']) {
    assert.equal(parseBunnyLine(bad), null, bad);
  }
});

test("a feed is read from its saved offsets, every line under the feed's provider whatever it says; gzip files once whole; copies under way wait", async () => {
  const dir = temporaryFolder('edge-feed');
  const feed = { provider: 'fastly' as const, dir };
  await fsp.mkdir(path.join(dir, '2026-11-21'));
  await fsp.copyFile(path.join(samples, 'fastly-json.ndjson'), path.join(dir, '2026-11-21', 'a.log'));
  await fsp.writeFile(path.join(dir, '2026-11-21', 'b.log.gz'), zlib.gzipSync(fs.readFileSync(path.join(samples, 'fastly-json.ndjson'))));
  await fsp.writeFile(path.join(dir, '2026-11-21', 'c.log.gz'), zlib.gzipSync(Buffer.from('{"time":1}\n')).subarray(0, 10));
  await fsp.writeFile(path.join(dir, '.d.log'), 'hidden\n');
  await fsp.writeFile(path.join(dir, 'e.log.part'), 'copying\n');
  assert.deepEqual(await listFeedFiles(dir), ['2026-11-21/a.log', '2026-11-21/b.log.gz', '2026-11-21/c.log.gz']);

  const first = await readFeedBatch(feed, new Map(), 3);
  assert.deepEqual(
    first.lines.map((l) => [l.provider, l.cache]),
    [
      ['FY', 'hit'],
      ['FY', 'miss'],
      ['FY', 'stale'],
    ],
  );
  const key = feedPositionKey(feed, '2026-11-21/a.log');
  assert.equal(first.offsets.get(key), Buffer.byteLength(sampleLines('fastly-json.ndjson').slice(0, 3).join('\n') + '\n'));
  const rest = await readFeedBatch(feed, first.offsets, 100);
  // The last line of a.log, then all of b.log.gz; the truncated c.log.gz is left for later.
  assert.equal(rest.lines.length, 5);
  assert.equal(rest.offsets.get(feedPositionKey(feed, '2026-11-21/b.log.gz')), fs.statSync(path.join(dir, '2026-11-21', 'b.log.gz')).size);
  assert.equal(rest.offsets.has(feedPositionKey(feed, '2026-11-21/c.log.gz')), false);
  const saved = new Map([...first.offsets, ...rest.offsets]);
  assert.equal((await readFeedBatch(feed, saved, 100)).lines.length, 0);
});
