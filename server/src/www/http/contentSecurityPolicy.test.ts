import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { DEFAULT_SITE_CONTENT } from '@skylift/shared/content/siteContent';
import { BENCHMARK_FRAME_SCRIPT } from '@skylift/shared/esm/benchmarkFrame';
import { testConfig } from '../testing/fakeBuild.ts';
import { BENCHMARK_FRAME_HASH, contentSecurityPolicy, scriptHashSource } from './contentSecurityPolicy.ts';

const root = mkdtempSync(path.join(tmpdir(), 'csp-'));
after(() => rmSync(root, { recursive: true, force: true }));

function scriptSources(): string[] {
  const policy = contentSecurityPolicy({
    config: testConfig(root),
    remotes: { 'mf-tools': 'https://tools.example.test/mf-manifest.json' },
    content: DEFAULT_SITE_CONTENT,
    networkTool: { apiUrl: null, apiContractUrl: null },
  });
  const directive = policy.split('; ').find((part) => part.startsWith('script-src '));
  assert.ok(directive, 'the policy has a script-src directive');
  return directive.split(' ').slice(1);
}

describe('the website policy for scripts', () => {
  it('allows no inline script and no eval', () => {
    const sources = scriptSources();
    assert.ok(!sources.includes("'unsafe-inline'"), sources.join(' '));
    assert.ok(!sources.includes("'unsafe-eval'"));
    assert.ok(sources.includes("'self'"));
    assert.ok(sources.includes('https://tools.example.test'), 'the remotes load their chunks');
  });

  it("allows the esm.run benchmark frames' script by the hash a browser computes over its text", () => {
    const expected = `'sha256-${createHash('sha256').update(BENCHMARK_FRAME_SCRIPT).digest('base64')}'`;
    assert.equal(BENCHMARK_FRAME_HASH, expected);
    assert.ok(scriptSources().includes(expected));
    // Another script text (one byte more) is not allowed.
    assert.ok(!scriptSources().includes(scriptHashSource(`${BENCHMARK_FRAME_SCRIPT} `)));
  });
});
