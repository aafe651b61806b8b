import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { DEFAULT_SITE_CONTENT } from '@skylift/shared/config';
import { BENCHMARK_FRAME_SCRIPT, ESM_DEMO_MODULE_PATH } from '@skylift/shared/esm';
import { REFERENCE_RENDERER_PATH } from '../../config/referenceRenderer.ts';
import { testConfig } from '../testing/fakeBuild.ts';
import { BENCHMARK_FRAME_HASH, benchmarkFramePolicy } from './benchmarkFrame.ts';
import { contentSecurityPolicy, scriptHashSource } from './contentSecurityPolicy.ts';

const root = mkdtempSync(path.join(tmpdir(), 'csp-'));
after(() => rmSync(root, { recursive: true, force: true }));

function directive(policy: string, name: string): string[] {
  const found = policy.split('; ').find((part) => part.startsWith(`${name} `));
  assert.ok(found, `the policy has a ${name} directive`);
  return found.split(' ').slice(1);
}

function scriptSources(): string[] {
  const policy = contentSecurityPolicy({
    config: testConfig(root),
    remotes: { 'mf-tools': 'https://tools.example.test/mf-manifest.json' },
    content: DEFAULT_SITE_CONTENT,
    networkTool: { apiUrl: null, apiContractUrl: null },
  });
  return directive(policy, 'script-src');
}

describe('the website policy for scripts', () => {
  it('allows no inline script and no eval', () => {
    const sources = scriptSources();
    assert.ok(!sources.includes("'unsafe-inline'"), sources.join(' '));
    assert.ok(!sources.includes("'unsafe-eval'"));
    assert.ok(!sources.some((source) => source.startsWith("'sha256-")), 'no inline script by hash either');
    assert.ok(sources.includes("'self'"));
    assert.ok(sources.includes('https://tools.example.test'), 'the remotes load their chunks');
  });

  it('allows of the CDN and the data API only the addresses the pages load, and no other module CDN', () => {
    const config = testConfig(root);
    const cdn = new URL(config.services.cdn.publicUrl).origin;
    const data = new URL(config.services.data.publicUrl).origin;
    const sources = scriptSources();
    assert.ok(sources.includes(`${cdn}${ESM_DEMO_MODULE_PATH}`), 'the home page demo');
    assert.ok(sources.includes(`${cdn}${REFERENCE_RENDERER_PATH}`) && sources.includes(`${data}/docs/init.js`), 'the contract reference frame');
    for (const source of sources) {
      assert.ok(!source.endsWith('/') || source === "'self'", `no folder or whole origin of another service: ${source}`);
      assert.notEqual(source, cdn);
      assert.notEqual(source, data);
    }
    assert.ok(!sources.some((source) => /esm\.sh|skypack/.test(source)), sources.join(' '));
  });
});

describe('the website policy for a hosted captcha', () => {
  const policyWith = (kind: 'altcha' | 'turnstile' | 'recaptcha') => {
    const config = testConfig(root);
    return contentSecurityPolicy({
      config: { ...config, purge: { ...config.purge, captcha: { ...config.purge.captcha, kind } } },
      remotes: {},
      content: DEFAULT_SITE_CONTENT,
      networkTool: { apiUrl: null, apiContractUrl: null },
    });
  };

  it("allows the chosen provider's script and frame, so the purge page can draw its challenge", () => {
    const turnstile = policyWith('turnstile');
    assert.ok(directive(turnstile, 'script-src').includes('https://challenges.cloudflare.com'));
    assert.ok(directive(turnstile, 'frame-src').includes('https://challenges.cloudflare.com'));
    const recaptcha = policyWith('recaptcha');
    assert.ok(directive(recaptcha, 'script-src').includes('https://www.google.com/recaptcha/'));
    assert.ok(!directive(recaptcha, 'script-src').includes('https://challenges.cloudflare.com'), 'only the chosen one');
  });

  it('allows no provider with the default captcha, which our purge service serves', () => {
    const altcha = policyWith('altcha');
    for (const source of [...directive(altcha, 'script-src'), ...directive(altcha, 'frame-src')]) {
      assert.ok(!/google|hcaptcha|cloudflare/.test(source), source);
    }
  });
});

describe("the esm.run benchmark frame's policy", () => {
  it('allows its one script by the hash a browser computes over its text, and no other inline script', () => {
    const expected = `'sha256-${createHash('sha256').update(BENCHMARK_FRAME_SCRIPT).digest('base64')}'`;
    assert.equal(BENCHMARK_FRAME_HASH, expected);
    const sources = directive(benchmarkFramePolicy(testConfig(root)), 'script-src');
    assert.ok(sources.includes(expected));
    // Another script text (one byte more) is not allowed.
    assert.ok(!sources.includes(scriptHashSource(`${BENCHMARK_FRAME_SCRIPT} `)));
    assert.ok(!sources.includes("'unsafe-inline'"));
  });

  it('allows the packages of our CDN and the module CDNs it compares, sandboxed', () => {
    const config = testConfig(root);
    const policy = benchmarkFramePolicy(config);
    const sources = directive(policy, 'script-src');
    assert.ok(sources.includes(`${new URL(config.services.cdn.publicUrl).origin}/npm/`));
    assert.ok(sources.includes('https://esm.sh') && sources.includes('https://cdn.skypack.dev'), sources.join(' '));
    assert.deepEqual(directive(policy, 'sandbox'), ['allow-scripts']);
    assert.deepEqual(directive(policy, 'default-src'), ["'none'"]);
  });
});

describe('the website policy for images', () => {
  it('allows images only from our origins and data: (other hosts come through the image proxy), plus the operator’s logos', () => {
    const content = {
      ...DEFAULT_SITE_CONTENT,
      sponsors: [{ name: 'Host', role: 'CDN', url: 'https://host.example.test', tier: 'gold' as const, logo: 'https://logos.example.test/host.svg' }],
    };
    const policy = contentSecurityPolicy({
      config: testConfig(root),
      remotes: { 'mf-tools': 'https://tools.example.test/mf-manifest.json' },
      content,
      networkTool: { apiUrl: null, apiContractUrl: null },
    });
    const sources = directive(policy, 'img-src');
    assert.ok(!sources.includes('*') && !sources.some((source) => source === 'https:' || source === 'http:'), sources.join(' '));
    assert.deepEqual(
      new Set(sources),
      new Set(["'self'", 'data:', 'https://tools.example.test', 'https://cdn.example.test', 'https://data.example.test', 'https://logos.example.test']),
    );
  });
});
