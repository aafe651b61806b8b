// A CommonJS package written for Node (resolve, conf, esbuild's JavaScript API), imported as a Deno user does:
// by the plain `+esm` URL, whose build Deno's User-Agent chooses.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import process from 'node:process';
import nodeOnly, { byteLength, folder, join, later, nodeMajor, platform, readText, tmpdir, writeText } from 'cdn/node-only-lib@1.0.0/+esm';

Deno.test('node-only: Node\'s version read while loading is the runtime\'s (not "Unable to determine current node version")', () => {
  assert.equal(nodeMajor, Number(process.versions.node.split('.')[0]));
});

Deno.test('node-only: fs, path and os are Deno\'s node: modules (not "not available in browsers")', () => {
  const file = join(Deno.makeTempDirSync(), 'config.json');
  writeText(file, '{"unicorn":"🦄"}');
  assert.deepEqual(JSON.parse(readText(file)), { unicorn: '🦄' });
  assert.equal(typeof tmpdir(), 'string');
});

Deno.test('node-only: the free Buffer and setImmediate are Deno\'s; require("events") is the class', async () => {
  assert.equal(byteLength('é'), 2);
  assert.equal(await later(), 'later');
  assert.equal(nodeOnly.Emitter, EventEmitter);
});

Deno.test("node-only: the package's browser field does not swap its files for Deno", () => {
  assert.equal(platform, 'node');
});

Deno.test('node-only: CommonJS\'s __dirname is the file\'s folder on the CDN (not "__dirname is not defined")', () => {
  assert.equal(folder, '/npm/node-only-lib@1.0.0');
});
