/** Fixture npm registry, GitHub and WordPress.org on loopback, shared with the server tests, and the environment that points the product at them. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURE_PACKAGES_DIR, startFixtureGitHub, startFixtureRegistry, startFixtureWordPress } from '../../server/test/fixtures/upstream/index.ts';

/**
 * The API reference renderer the product loads through its CDN: a stand-in package of the fixture registry
 * (Scalar's build is not there), with its hash, so a reference page loads it as it loads the real one.
 */
const RENDERER = { package: '@skylift-fixtures/reference-renderer', version: '1.0.0', file: 'standalone.js' };
const rendererBytes = readFileSync(path.join(FIXTURE_PACKAGES_DIR, RENDERER.package, RENDERER.version, RENDERER.file));
export const REFERENCE_RENDERER_ENV = {
  SKYLIFT_REFERENCE_RENDERER_URL: `/npm/${RENDERER.package}@${RENDERER.version}/${RENDERER.file}`,
  SKYLIFT_REFERENCE_RENDERER_INTEGRITY: `sha384-${createHash('sha384').update(rendererBytes).digest('base64')}`,
};

export interface Upstreams {
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startUpstreams(): Promise<Upstreams> {
  const registry = await startFixtureRegistry();
  const github = await startFixtureGitHub();
  const wordpress = await startFixtureWordPress();
  return {
    env: {
      SKYLIFT_NPM_REGISTRY: registry.url,
      SKYLIFT_GITHUB_API: github.apiUrl,
      SKYLIFT_GITHUB_ARCHIVE: github.archiveUrl,
      SKYLIFT_GITHUB_WEB: github.webUrl,
      SKYLIFT_WP_PLUGINS_URL: wordpress.pluginsUrl,
      SKYLIFT_WP_THEMES_URL: wordpress.themesUrl,
      ...REFERENCE_RENDERER_ENV,
    },
    async stop() {
      await Promise.allSettled([registry.close(), github.close(), wordpress.close()]);
    },
  };
}
