/**
 * The work that must happen once per machine is done by the leader of its service only: the service
 * builders give a follower's app no ingest thread and no search index writer.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig, type Config } from '../config/config.ts';
import { requestLogDir } from '../requestlog/reader.ts';
import { SERVICE_BUILDERS } from '../services.ts';
import { appendLogLines, logLine } from '../stats/testing/requestLogFixture.ts';
import { until } from '../testing/until.ts';

function configIn(dir: string): Config {
  return loadConfig({ SKYLIFT_DATA_DIR: dir, SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9', SKYLIFT_LOG_LEVEL: 'silent' });
}

test('only the leader of the data API folds the request log into the statistics', async (t) => {
  // Two data folders with the same request log: a leader on one and a follower on the other, started together.
  const build = await SERVICE_BUILDERS.data();
  const start = async (leader: boolean) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${leader ? 'leader' : 'follower'}-data-`));
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    appendLogLines(
      requestLogDir(dir),
      Array.from({ length: 5 }, () => logLine({ t: new Date().toISOString(), name: 'leader-demo' })),
    );
    const app = await build(configIn(dir), { leader });
    await app.ready();
    return app;
  };
  const hits = async (app: Awaited<ReturnType<typeof build>>): Promise<number> =>
    (await app.inject('/v1/stats/packages/npm/leader-demo?period=day')).json<{ hits: { total: number } }>().hits.total;

  const [leader, follower] = await Promise.all([start(true), start(false)]);
  try {
    // The leader folds its log at once; by the time it has, a follower that ingested would have too.
    await until(async () => (await hits(leader)) === 5, { message: 'the leader to fold its request log', timeoutMs: 10_000, intervalMs: 20 });
    assert.equal(await hits(follower), 0, 'a follower folds nothing');
  } finally {
    await Promise.all([leader.close(), follower.close()]);
  }
});

test('a follower of the search service leaves the index to the leader: no catalog bootstrap', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leader-search-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const config = configIn(dir);
  const build = await SERVICE_BUILDERS.search();
  const follower = await build(config, { leader: false });
  const answer = await follower.inject({
    method: 'POST',
    url: `/1/indexes/${config.search.indexName}/query`,
    headers: { 'x-algolia-application-id': config.search.appId, 'x-algolia-api-key': config.search.apiKey },
    payload: { query: '', hitsPerPage: 1 },
  });
  assert.equal(answer.statusCode, 200, answer.body);
  assert.equal(answer.json<{ nbHits: number }>().nbHits, 0, 'the shipped catalog was not loaded by a follower');
  await follower.close();
});
