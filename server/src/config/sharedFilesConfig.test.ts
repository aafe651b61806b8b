import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from './config.ts';

const base = { SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:1' };

test('no bucket configured: each origin keeps its files to itself', () => {
  assert.equal(loadConfig(base).sharedFiles, undefined);
  assert.equal(loadConfig({ ...base, SKYLIFT_S3_ENDPOINT: 'http://127.0.0.1:9000' }).sharedFiles, undefined);
});

test('the SKYLIFT_S3_* variables name the bucket, its server, region, prefix and time limit', () => {
  assert.deepEqual(
    loadConfig({
      ...base,
      SKYLIFT_S3_BUCKET: 'files',
      SKYLIFT_S3_ENDPOINT: 'http://127.0.0.1:9000/',
      SKYLIFT_S3_REGION: 'eu-west-3',
      SKYLIFT_S3_PREFIX: 'skylift',
      SKYLIFT_S3_TIMEOUT_MS: '2500',
    }).sharedFiles,
    { bucket: 'files', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-3', prefix: 'skylift/', timeoutMs: 2500 },
  );
  assert.deepEqual(loadConfig({ ...base, SKYLIFT_S3_BUCKET: 'files', AWS_REGION: 'ap-south-1' }).sharedFiles, {
    bucket: 'files',
    endpoint: undefined,
    region: 'ap-south-1',
    prefix: '',
    timeoutMs: 5000,
  });
  assert.equal(loadConfig({ ...base, SKYLIFT_S3_BUCKET: 'files' }).sharedFiles?.region, 'us-east-1');
  assert.throws(() => loadConfig({ ...base, SKYLIFT_S3_BUCKET: 'files', SKYLIFT_S3_TIMEOUT_MS: 'soon' }), /SKYLIFT_S3_TIMEOUT_MS must be a number/);
});
