import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ClientOverBudget } from '../../admission/fairQueue.ts';
import { MinifyPool } from './minifyPool.ts';

const input = (source: string, originalUrl = '/npm/demo@1.0.0/a.js') => ({
  kind: 'js' as const,
  source: Buffer.from(source),
  sourceName: 'a.js',
  minifiedName: 'a.min.js',
  originalUrl,
  websiteUrl: 'https://www.example.test',
});

test('minifies in a worker thread, with a banner, the licence comment kept and a source map below the banner', async () => {
  const pool = new MinifyPool();
  try {
    const source = '/*! demo v1 | MIT */\nfunction add(first, second) { return first + second; }\nwindow.add = add;\n';
    const output = await pool.minify(input(source));
    const code = output.code.toString();
    assert.match(code, /Minified by \w+ using SWC v\d+\.\d+\.\d+\./);
    assert.match(code, /\/\*! demo v1 \| MIT \*\//);
    assert.match(code, /function add\((\w),(\w)\)\{return \1\+\2\}/);
    assert.match(code, /\n\/\/# sourceMappingURL=a\.min\.js\.map$/);
    const map = JSON.parse(output.map!.toString()) as { sources: string[]; sourcesContent: string[]; mappings: string };
    assert.deepEqual(map.sources, ['a.js']);
    assert.deepEqual(map.sourcesContent, [source]);
    // Nothing maps into the banner: the first mapped line is the first line after it.
    const bannerLines = code.slice(0, code.indexOf('/*! demo')).split('\n').length - 1;
    assert.equal(map.mappings.match(/^;*/)![0].length, bannerLines);
  } finally {
    await pool.close();
  }
});

test('a source that does not parse is served as it is, under a banner that says so', async () => {
  const pool = new MinifyPool();
  try {
    const output = await pool.minify(input('var broken = {;\n'));
    assert.match(
      output.code.toString(),
      /Minification failed because the source could not be parsed\. This is the original file, unminified\.[\s\S]*\*\/\nvar broken = \{;\n$/,
    );
    assert.equal(output.map, null);
  } finally {
    await pool.close();
  }
});

test('a source over the time limit gets a clear error, its thread is replaced, and the pool keeps working', async () => {
  // No thread can even start within a millisecond: the first job is over its limit.
  const pool = new MinifyPool({ timeLimitMs: 1 });
  try {
    await assert.rejects(pool.minify(input('let x = 1;', '/npm/slow@1.0.0/big.js')), {
      status: 504,
      message: 'Minifying /npm/slow@1.0.0/big.js took longer than 0 s; use the original file.',
    });
  } finally {
    await pool.close();
  }
  const generous = new MinifyPool({ timeLimitMs: 60_000 });
  try {
    assert.match((await generous.minify(input('let y = 2; console.log(y);'))).code.toString(), /console\.log\(2\)|console\.log\(y\)/);
  } finally {
    await generous.close();
  }
});

test('past its queue the pool refuses at once with a clear error', async () => {
  const pool = new MinifyPool({ maxQueued: 1 });
  try {
    const accepted = [pool.minify(input('a();')), pool.minify(input('b();'))];
    await assert.rejects(pool.minify(input('c();', '/npm/busy@1.0.0/c.js')), {
      status: 504,
      message: /Too many files are being minified right now; request \/npm\/busy@1\.0\.0\/c\.js/,
    });
    await Promise.all(accepted);
  } finally {
    await pool.close();
  }
});

test('a client with as many kilobytes being minified as its budget allows is refused with a Retry-After; another client is not', async () => {
  const pool = new MinifyPool({ fairness: { budget: 200, cheapCost: 8 } });
  try {
    // About 300 KB: alone it is admitted, however far over the budget.
    const large = Array.from({ length: 6000 }, (_, at) => `function f${at}(value) { return value * ${at} + ${at}; }`).join('\n');
    const first = pool.minify(input(large, '/npm/demo@1.0.0/large.js'), '192.0.2.1');
    // 20 KB: a heavy source too (small ones have a lane and a budget of their own).
    const medium = large.slice(0, 20_000);
    await assert.rejects(pool.minify(input(medium, '/npm/demo@1.0.0/medium.js'), '192.0.2.1'), (error: unknown) => {
      assert.ok(error instanceof ClientOverBudget);
      assert.equal(error.status, 429);
      assert.ok(error.retryAfterSeconds >= 1);
      assert.match(
        error.message,
        /^Too many files you asked for are being minified; request \/npm\/demo@1\.0\.0\/medium\.js \(the original file\) or try again in \d+ s\.$/,
      );
      return true;
    });
    const other = await pool.minify(input(medium, '/npm/demo@1.0.0/other.js'), '192.0.2.2');
    assert.ok(other.code.length > 0);
    assert.ok((await first).code.length > 0);
  } finally {
    await pool.close();
  }
});
