/** Fixture npm registry, GitHub and WordPress.org on loopback, shared with the server tests, and the environment that points the product at them. */
import { startFixtureGitHub, startFixtureRegistry, startFixtureWordPress } from '../../server/test/fixtures/upstream/index.ts';

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
      SKYLIFT_WP_PLUGINS_URL: wordpress.pluginsUrl,
      SKYLIFT_WP_THEMES_URL: wordpress.themesUrl,
    },
    async stop() {
      await Promise.allSettled([registry.close(), github.close(), wordpress.close()]);
    },
  };
}
