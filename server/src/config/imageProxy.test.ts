import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from './config.ts';
import { DEFAULT_IMAGE_PROXY_HOSTS, parseImageProxyHosts } from './imageProxy.ts';

const env = { SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9/registry' };

describe('the image proxy configuration', () => {
  it('allows by default the hosts of avatars, badges, wiki media and funding platforms, within 5 MB and 10 s', () => {
    const { imageProxy } = loadConfig(env);
    for (const host of ['*.githubusercontent.com', 'img.shields.io', 'upload.wikimedia.org', 'opencollective.com']) {
      assert.ok(imageProxy.hosts.includes(host), host);
    }
    assert.deepEqual(imageProxy.hosts, [...new Set(DEFAULT_IMAGE_PROXY_HOSTS)]);
    assert.equal(imageProxy.maxBytes, 5 * 1024 * 1024);
    assert.equal(imageProxy.timeoutMs, 10_000);
  });

  it('takes its hosts and limits from the environment instead', () => {
    const { imageProxy } = loadConfig({
      ...env,
      SKYLIFT_IMAGE_PROXY_HOSTS: ' Images.Example.Org, *.cdn.example.org ,localhost:8080',
      SKYLIFT_IMAGE_PROXY_MAX_SIZE: '2MB',
      SKYLIFT_IMAGE_PROXY_TIMEOUT_MS: '2500',
    });
    assert.deepEqual(imageProxy.hosts, ['images.example.org', '*.cdn.example.org', 'localhost:8080']);
    assert.equal(imageProxy.maxBytes, 2 * 1024 * 1024);
    assert.equal(imageProxy.timeoutMs, 2500);
  });

  it('stops the start on an entry that is not a host name', () => {
    for (const bad of ['https://img.example.org', 'img.example.org/path', '*', 'a b']) {
      assert.throws(() => parseImageProxyHosts(bad), /SKYLIFT_IMAGE_PROXY_HOSTS/, bad);
    }
  });
});
