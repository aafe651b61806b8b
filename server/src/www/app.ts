/**
 * The web server: the shell's and the remotes' builds, the runtime configuration and the remotes
 * manifest, every route of the route table with its own title and share metadata, and the blog feed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { BOOT_DOCUMENT_PATH, bootScriptTag } from '@skylift/shared/boot/bootDocument';
import { BUILT_REMOTES, type Config } from '../config/config.ts';
import { loggerOptions } from '../observability/logger.ts';
import { observability } from '../observability/observability.ts';
import { renderRss } from './blog/rss.ts';
import { sendCacheable } from '../http/conditional.ts';
import { isNpmName } from '../shared/npmName.ts';
import { registerPublicCors } from '../http/cors.ts';
import { sendError } from './http/errors.ts';
import { registerBenchmarkFrame } from './http/benchmarkFrame.ts';
import { contentSecurityPolicy } from './http/contentSecurityPolicy.ts';
import { JSON_ERRORS, boundedServerOptions, frameworkAnswer, frameworkErrors, ownOrigins, registerInputBounds } from '../http/inputBounds.ts';
import { missingBuildMessage, missingBuildPage } from './pages/missingBuild.ts';
import { renderPage } from './pages/renderPage.ts';
import { decidePage } from './pages/routeMeta.ts';
import { ShellTemplate } from './pages/shellTemplate.ts';
import { RemotesManifestSource } from './runtimeConfig/remotesManifest.ts';
import { REMOTES_MANIFEST_PATH, runtimeConfigOf } from './runtimeConfig/runtimeConfig.ts';
import { PageDeclarations } from './site/pageDeclarations.ts';
import { SiteState } from './site/siteState.ts';
import { CONTENT_REMOTE, publishedContentOf, type PublishedContent } from './site/publishedContent.ts';
import { DEFAULT_SHARE_IMAGE_PATH, PACKAGE_SHARE_IMAGE_PREFIX, defaultShareImage, packageShareImage } from './share/shareImage.ts';
import { registerBuildFiles, serveBuildFile } from './static/buildFiles.ts';
import { REVALIDATE } from './static/cachePolicy.ts';
import { normaliseRequestPath } from './static/requestPath.ts';
import type { PackageStore } from '../packages/types.ts';
import { README_PREFIX, registerReadmeRoute } from './readme/readmeRoute.ts';
import { imageProxyHosts, readmeImageProxy } from './images/imageHosts.ts';
import { registerImageProxy } from './images/imageProxyRoute.ts';
import { packageFacts } from './share/packageFacts.ts';
import { withPackageFacts } from './share/packageMeta.ts';
import { registerSeoRoutes } from './seo/seoRoutes.ts';
import { pageStructuredData } from './seo/structuredData.ts';
import { topPackagesFromStats, type TopPackages } from './seo/topPackages.ts';
import { legacyProjectsRedirect } from '@skylift/shared/routes/legacyProjects';

export interface WwwOptions {
  /** Folder of the shell's build; default `<project>/shell/dist`. */
  shellDir?: string;
  /** Folder of each remote's build; default `<project>/<remote>/dist`. */
  remoteDirs?: Partial<Record<string, string>>;
  /** JSON file whose entries override the remotes manifest; default `SKYLIFT_REMOTES_FILE`. */
  remotesFile?: string;
  /** The operator's site content (JSON); default `SKYLIFT_CONTENT_FILE`. */
  contentFile?: string;
  /** How often a remote's page declaration served from elsewhere is read again; default a minute. */
  declarationRefreshMs?: number;
  /** The package layer the readmes are read from; created from the configuration on first use when absent. */
  packageStore?: PackageStore;
  /** The most used packages for the sitemap; read from the statistics store of the configuration when absent. */
  topPackages?: TopPackages;
}

const FEED_CACHE = 'public, max-age=3600';
const FEED_PATH = '/blog/rss';
const CROSS_ORIGIN_PATHS = new Set(['/config.json', REMOTES_MANIFEST_PATH, BOOT_DOCUMENT_PATH, FEED_PATH, '/remotes']);
const CROSS_ORIGIN_PREFIXES = ['/remotes/', README_PREFIX];
const SHARE_IMAGE_CACHE = 'public, max-age=86400';
/** Addresses ending like this are files: a missing one is a plain 404, not the website's 404 page. */
const FILE_EXTENSION = /\.(?:m?js|cjs|css|map|json|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|otf|eot|txt|wasm|xml|br|gz)$/i;

export async function buildWwwApp(config: Config, options: WwwOptions = {}): Promise<FastifyInstance> {
  const shellDir = options.shellDir ?? path.join(config.projectRoot, 'shell', 'dist');
  const remoteDirs: Record<string, string> = Object.fromEntries(
    BUILT_REMOTES.map((name) => [name, options.remoteDirs?.[name] ?? path.join(config.projectRoot, name, 'dist')]),
  );
  const wwwUrl = config.services.www.publicUrl;

  const app = Fastify({
    logger: loggerOptions('www', config.logLevel) ?? false,
    return503OnClosing: true,
    ...boundedServerOptions(JSON_ERRORS),
    // The router rejects addresses it cannot decode before any route runs: answer those in our error shape too.
    frameworkErrors: frameworkErrors(sendError),
  });
  // The one redirect that leaves: /discord, to the chat community the operator's content names.
  registerInputBounds(app, { sendError, ownOrigins: ownOrigins(config), operatorLinks: async () => [(await site.snapshot()).boot.content.links.chat] });
  await app.register(observability, { service: 'www', processMetrics: true });
  // Compresses what has no precompressed sibling (pages, JSON, the feed, unbuilt text files); replies that
  // already carry a Content-Encoding are left alone.
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024, brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } });
  await registerBuildFiles(app);
  // What other origins load: the configuration documents, the feed, readmes and the remotes' builds (a remote
  // may be hosted apart from the shell). Pages stay same-origin.
  await registerPublicCors(app, {
    methods: ['GET', 'HEAD'],
    onlyFor: (pathname) => CROSS_ORIGIN_PATHS.has(pathname) || CROSS_ORIGIN_PREFIXES.some((prefix) => pathname.startsWith(prefix)),
  });

  // Browsers must take each file for the type it is sent with (a 404 body is never run as a script).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });

  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    const framework = frameworkAnswer(error);
    if (framework) return sendError(reply, framework.status, framework.message);
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, status, status === 500 ? 'Something went wrong on our side. Please try again.' : error.message);
  });

  const runtimeConfigValue = runtimeConfigOf(config);
  // The esm.run page also reads what it links to beyond our services, where the deployment sets it.
  const runtimeConfig = JSON.stringify(config.esmTools ? { ...runtimeConfigValue, esm: config.esmTools } : runtimeConfigValue);
  const sendJson = (request: FastifyRequest, reply: FastifyReply, body: string) =>
    sendCacheable(request, reply, { body, contentType: 'application/json; charset=utf-8', cacheControl: REVALIDATE });
  app.get('/config.json', async (request, reply) => sendJson(request, reply, runtimeConfig));

  const remotes = new RemotesManifestSource(config.remotes, wwwUrl, options.remotesFile ?? config.remotesFile, (problem) =>
    app.log.warn({ file: problem.file }, `remotes override file ignored: ${problem.message}`),
  );
  app.get(REMOTES_MANIFEST_PATH, async (request, reply) => sendJson(request, reply, JSON.stringify(await remotes.current())));

  // The remotes' pages and the operator's content: what every page's boot document and route decision read.
  const declarations = new PageDeclarations({
    wwwUrl,
    localDirs: remoteDirs,
    ...(options.declarationRefreshMs !== undefined ? { refreshMs: options.declarationRefreshMs } : {}),
    onProblem: (remote, message) => app.log.warn({ remote }, `page declaration not used: ${message}`),
  });
  const site = new SiteState(runtimeConfigValue, remotes, declarations, options.contentFile ?? config.contentFile, (problem) =>
    app.log.warn({ file: problem.file }, `site content file ignored: ${problem.message}`),
  );
  // The blog's posts and the network-testing API: what the content remote's build ships for this server.
  const published = publishedContentOf(remoteDirs[CONTENT_REMOTE], (problem) =>
    app.log.warn({ file: problem.file }, `published content ignored: ${problem.message}`),
  );
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
  app.get(BOOT_DOCUMENT_PATH, async (request, reply) => sendJson(request, reply, JSON.stringify((await site.snapshot()).boot)));
  registerBenchmarkFrame(app, config);
  // Read every remote's declaration once at start-up, so the first visitor does not wait for a remote's server.
  app.addHook('onReady', async () => {
    const { boot } = await site.snapshot();
    app.log.info({ remotes: boot.pages.map((declared) => `${declared.remote}: ${declared.pages.length} pages`) }, 'page declarations read');
  });

  // Rendered again only when a new build of the content remote publishes other posts.
  let feed: { from: PublishedContent; body: string } | undefined;
  app.get(FEED_PATH, async (request, reply) => {
    const current = await published.current();
    if (feed?.from !== current) feed = { from: current, body: renderRss(current.posts, wwwUrl) };
    return sendCacheable(request, reply, { body: feed.body, contentType: 'application/rss+xml; charset=utf-8', cacheControl: FEED_CACHE });
  });

  let packageStore: Promise<PackageStore> | undefined = options.packageStore ? Promise.resolve(options.packageStore) : undefined;
  let ownedStore: { close(): Promise<void> } | undefined;
  const packages = (): Promise<PackageStore> => {
    packageStore ??= import('../packages/index.ts').then(async ({ createPackageStore }) => (ownedStore = await createPackageStore(config)));
    return packageStore;
  };
  app.addHook('onClose', async () => ownedStore?.close());
  // Images of other hosts (readmes, search hits, avatars) are served from our origin, through the proxy.
  const imageHosts = imageProxyHosts(config);
  registerImageProxy(app, { config: config.imageProxy, hosts: imageHosts });
  registerReadmeRoute(app, {
    packages,
    cdnUrl: config.services.cdn.publicUrl,
    githubRawUrl: config.upstream.githubRaw,
    proxyImage: readmeImageProxy(imageHosts, runtimeConfigValue),
  });

  app.get(DEFAULT_SHARE_IMAGE_PATH, async (request, reply) =>
    sendCacheable(request, reply, { body: await defaultShareImage(), contentType: 'image/png', cacheControl: SHARE_IMAGE_CACHE }),
  );

  app.get(`${PACKAGE_SHARE_IMAGE_PREFIX}*`, async (request, reply) => {
    const target = normaliseRequestPath(request.raw.url ?? request.url);
    if (!target.ok) return sendError(reply, 400, target.message);
    if (!target.pathname.startsWith(PACKAGE_SHARE_IMAGE_PREFIX)) return sendError(reply, 404, `Not found: ${target.pathname}`);
    const name = target.pathname.slice(PACKAGE_SHARE_IMAGE_PREFIX.length);
    if (!isNpmName(name)) return sendError(reply, 400, `"${name}" is not a valid npm package name.`);
    const facts = await packageFacts(await packages(), { type: 'npm', name });
    return sendCacheable(request, reply, {
      body: packageShareImage(name, facts?.description ?? null),
      contentType: 'image/png',
      cacheControl: SHARE_IMAGE_CACHE,
    });
  });

  const statsSource = options.topPackages ? null : topPackagesFromStats(config);
  if (statsSource) app.addHook('onClose', async () => statsSource.close());
  registerSeoRoutes(app, {
    wwwUrl,
    pages: async () => (await site.snapshot()).boot.pages.flatMap((remote) => remote.pages),
    topPackages: options.topPackages ?? statsSource!.topPackages,
  });

  const shell = new ShellTemplate(shellDir);
  app.addHook('onReady', async () => {
    if ((await shell.load()) === null) app.log.warn(missingBuildMessage('website'));
  });

  async function serveRemote(reply: FastifyReply, pathname: string): Promise<FastifyReply> {
    const [, , name = '', ...rest] = pathname.split('/');
    const dir = remoteDirs[name];
    if (dir === undefined) return sendError(reply, 404, `There is no remote named "${name}".`);
    if (!existsSync(dir)) return sendError(reply, 404, missingBuildMessage(`${name} remote`));
    // A remote's own page (it runs alone too) lives at /remotes/<name>/, like any static site's index.
    if (rest.length === 0) return reply.redirect(`/remotes/${name}/`, 301);
    const relative = rest.join('/');
    const file = relative === '' || relative.endsWith('/') ? `${relative}index.html` : relative;
    if (await serveBuildFile(reply, dir, file)) return reply;
    return sendError(reply, 404, `File not found: ${pathname}`);
  }

  async function servePage(request: FastifyRequest, reply: FastifyReply, pathname: string): Promise<FastifyReply> {
    const { boot, redirects } = await site.snapshot();
    const decision = decidePage(pathname, { wwwUrl, defaultImagePath: DEFAULT_SHARE_IMAGE_PATH }, { pages: boot.pages, redirects });
    if (decision.kind === 'redirect') return reply.redirect(decision.location, decision.status);
    if (decision.status === 404 && FILE_EXTENSION.test(pathname)) return sendError(reply, 404, `File not found: ${pathname}`);
    const template = await shell.load();
    if (template === null) {
      reply.header('cache-control', 'no-store');
      return reply.code(503).type('text/html; charset=utf-8').send(missingBuildPage(decision.meta.title));
    }
    const [meta, structuredData] = await Promise.all([
      withPackageFacts(decision.meta, pathname, packages),
      // Crawlers read a package page's SoftwareSourceCode from the HTML; a 404 page describes nothing.
      decision.status === 200 ? pageStructuredData(pathname, request.raw.url ?? request.url, decision.meta.canonicalUrl ?? decision.meta.url, packages) : '',
    ]);
    const dataBlocks = [meta.noindex ? '' : structuredData, bootScriptTag(boot)].filter(Boolean).join('\n    ');
    return sendCacheable(request, reply, {
      body: renderPage(template, meta, dataBlocks),
      contentType: 'text/html; charset=utf-8',
      cacheControl: REVALIDATE,
      status: decision.status,
    });
  }

  app.get('/*', async (request, reply) => {
    const target = normaliseRequestPath(request.raw.url ?? request.url);
    if (!target.ok) return sendError(reply, 400, target.message);
    const { pathname } = target;
    if (pathname === '/remotes' || pathname.startsWith('/remotes/')) return serveRemote(reply, pathname);
    const legacy = legacyProjectsRedirect(pathname);
    if (legacy) return reply.redirect(legacy, 301);
    // The shell's own files; its index.html is only ever sent filled in for a route.
    if (pathname === '/index.html') return servePage(request, reply, '/');
    if (pathname !== '/' && (await serveBuildFile(reply, shellDir, pathname))) return reply;
    return servePage(request, reply, pathname);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.header('allow', 'GET, HEAD');
    return sendError(reply, 405, `${request.method} is not supported here; the website answers GET and HEAD.`);
  });

  return app;
}
