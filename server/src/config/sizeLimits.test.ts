import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from './config.ts';
import { parseSize, parseSizeExceptions, sizeLimitOf } from './sizeLimits.ts';

const MB = 1024 * 1024;
const base = { SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9', SKYLIFT_DATA_DIR: '/tmp/size-limits-unused' };

test('npm packages may be 150 MB and GitHub repositories 50 MB unless configured', () => {
  const limits = loadConfig(base).limits;
  assert.equal(sizeLimitOf(limits, { type: 'npm', name: 'echarts' }), 150 * MB);
  assert.equal(sizeLimitOf(limits, { type: 'gh', name: 'apache/echarts' }), 50 * MB);
  const configured = loadConfig({ ...base, SKYLIFT_PACKAGE_SIZE_LIMIT: '52428800', SKYLIFT_GITHUB_SIZE_LIMIT: '20 MB' }).limits;
  assert.equal(sizeLimitOf(configured, { type: 'npm', name: 'echarts' }), 50 * MB);
  assert.equal(sizeLimitOf(configured, { type: 'gh', name: 'apache/echarts' }), 20 * MB);
  assert.throws(() => loadConfig({ ...base, SKYLIFT_GITHUB_SIZE_LIMIT: 'big' }), /SKYLIFT_GITHUB_SIZE_LIMIT must be a size/);
});

test('exceptions: npm names and GitHub repositories, each with its own limit', () => {
  const limits = loadConfig({ ...base, SKYLIFT_PACKAGE_SIZE_EXCEPTIONS: 'monaco-editor=200MB,@scope/big=1.5GB, Owner/Repo=80MB' }).limits;
  assert.equal(sizeLimitOf(limits, { type: 'npm', name: 'monaco-editor' }), 200 * MB);
  assert.equal(sizeLimitOf(limits, { type: 'npm', name: '@scope/big' }), 1536 * MB);
  assert.equal(sizeLimitOf(limits, { type: 'gh', name: 'owner/repo' }), 80 * MB, 'repository names are not case-sensitive');
  assert.equal(sizeLimitOf(limits, { type: 'npm', name: 'owner/repo' }), 150 * MB, 'a repository entry is not an npm name');
  assert.equal(sizeLimitOf(limits, { type: 'gh', name: 'monaco/editor' }), 50 * MB);
  assert.equal(sizeLimitOf(limits, { type: 'npm', name: 'mermaid' }), 150 * MB);
});

test('a malformed size or exception stops the start with what is wrong', () => {
  assert.equal(parseSize('160MB'), 160 * MB);
  assert.equal(parseSize('512 kb'), 512 * 1024);
  for (const bad of ['', '0', '-5', 'ten', '5 TB', '1e9']) assert.equal(parseSize(bad), null, bad);
  assert.deepEqual(parseSizeExceptions(undefined), new Map());
  assert.deepEqual(parseSizeExceptions(' , '), new Map());
  for (const bad of ['monaco-editor', 'monaco-editor=', '=200MB', 'monaco-editor=lots', 'Bad Name=1MB', 'a/b/c=1MB']) {
    assert.throws(() => parseSizeExceptions(bad), /SKYLIFT_PACKAGE_SIZE_EXCEPTIONS: ".*" is not name=size/, bad);
  }
});
