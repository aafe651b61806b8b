/**
 * The site as the web server follows it: the runtime configuration, the remotes manifest, each remote's
 * page declaration, the operator's content and what the content remote's build publishes (the blog, the
 * network-testing API), with every HTML document given the policy of the site as it stands now. Decorates
 * the instance with `site`, `remotesManifest`, `publishedContent` and `runtimeConfig`. A fastify-plugin, so
 * that its policy hook is the whole service's and the route groups, its siblings, see the decorations.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { RuntimeConfig } from '@skylift/shared/config';
import type { Config } from '../../config/config.ts';
import { contentSecurityPolicy } from '../http/contentSecurityPolicy.ts';
import { RemotesManifestSource, defaultRemotes } from '../runtimeConfig/remotesManifest.ts';
import { runtimeConfigOf } from '../runtimeConfig/runtimeConfig.ts';
import { PageDeclarations } from '../site/pageDeclarations.ts';
import { PublishedContentSource } from '../site/publishedContent.ts';
import { SiteState } from '../site/siteState.ts';

declare module 'fastify' {
  interface FastifyInstance {
    site: SiteState;
    remotesManifest: RemotesManifestSource;
    publishedContent: PublishedContentSource;
    runtimeConfig: RuntimeConfig;
  }
}

export interface SiteOptions {
  config: Config;
  /** Folder of each remote's build, in the remotes' order. */
  remoteDirs: Record<string, string>;
  /** JSON file whose entries override the remotes manifest. */
  remotesFile?: string | undefined;
  /** The operator's site content (JSON). */
  contentFile?: string | undefined;
  /** How often a remote's page declaration served from elsewhere is read again. */
  declarationRefreshMs?: number | undefined;
}

const plugin: FastifyPluginAsync<SiteOptions> = async (app, options) => {
  const { config, remoteDirs } = options;
  const wwwUrl = config.services.www.publicUrl;
  const runtimeConfig = runtimeConfigOf(config);
  const remotes = new RemotesManifestSource(defaultRemotes(wwwUrl, config.remoteOverrides), wwwUrl, options.remotesFile, (problem) =>
    app.log.warn({ file: problem.file }, `remotes override file ignored: ${problem.message}`),
  );
  // The remotes' pages and the operator's content: what every page's boot document and route decision read.
  const declarations = new PageDeclarations({
    wwwUrl,
    localDirs: remoteDirs,
    ...(options.declarationRefreshMs !== undefined ? { refreshMs: options.declarationRefreshMs } : {}),
    onProblem: (remote, message) => app.log.warn({ remote }, `page declaration not used: ${message}`),
  });
  const site = new SiteState(runtimeConfig, remotes, declarations, options.contentFile, (problem) =>
    app.log.warn({ file: problem.file }, `site content file ignored: ${problem.message}`),
  );
  // The blog's posts and the network-testing API: what the content remote's build ships for this server, the
  // content remote being the one whose build publishes them.
  const published = new PublishedContentSource(remoteDirs, {
    onProblem: (problem) => app.log.warn({ file: problem.file }, `published content ignored: ${problem.message}`),
    onSeveral: (remotes) => app.log.warn({ remotes }, `published content: the builds of ${remotes.join(', ')} all publish it; ${remotes[0]}'s is used`),
  });
  app.decorate('site', site);
  app.decorate('remotesManifest', remotes);
  app.decorate('publishedContent', published);
  app.decorate('runtimeConfig', runtimeConfig);

  // Every HTML document gets the policy of the site as it stands now (remotes and content are followed as they change).
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    // A document with a policy of its own (the benchmark frame) keeps it.
    if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      const [{ boot }, { networkTool }] = await Promise.all([site.snapshot(), published.current()]);
      reply.header('content-security-policy', contentSecurityPolicy({ config, remotes: boot.remotes, content: boot.content, networkTool }));
    }
    return payload;
  });
  // Read every remote's declaration once at start-up, so the first visitor does not wait for a remote's server.
  app.addHook('onReady', async () => {
    const { boot } = await site.snapshot();
    app.log.info({ remotes: boot.pages.map((declared) => `${declared.remote}: ${declared.pages.length} pages`) }, 'page declarations read');
  });
};

export const siteState = fp(plugin, { name: 'www-site' });
