import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { EDGE_SECRET_FILE, edgeSecretOf } from './edgeSecret.ts';

const edge = { provider: 'x-edge-provider', country: 'x-edge-country', trustedProxies: [], secret: undefined, secretHeader: 'x-edge-secret' };

test('without a configured secret, one is made at first start, kept for its owner only, and the same ever after', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-secret-'));
  try {
    const first = edgeSecretOf({ dataDir, edgeHeaders: edge });
    assert.match(first, /^[0-9a-f]{64}$/);
    assert.equal(edgeSecretOf({ dataDir, edgeHeaders: edge }), first);
    assert.equal(fs.statSync(path.join(dataDir, EDGE_SECRET_FILE)).mode & 0o777, 0o600);
    assert.deepEqual(fs.readdirSync(dataDir), [EDGE_SECRET_FILE], 'no draft is left behind');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a configured secret wins, and nothing is written', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-secret-'));
  try {
    assert.equal(edgeSecretOf({ dataDir, edgeHeaders: { ...edge, secret: 'configured' } }), 'configured');
    assert.deepEqual(fs.readdirSync(dataDir), []);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
