/**
 * The website itself, an encapsulated plugin over the `www-site` decorations and `packages()`: the remotes'
 * builds under `/remotes/<name>/`, the shell's files, and every other address as a page: the shell's
 * `index.html` filled in with the route's metadata, structured data and boot document (or a redirect, or
 * the 404 page).
 */
import { existsSync } from 'node:fs';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { bootScriptTag } from '@skylift/shared/config';
import { legacyProjectsRedirect } from '@skylift/shared/pages';
import type { Config } from '../../config/config.ts';
import { sendCacheable } from '../../http/conditional.ts';
import { sendError } from '../http/errors.ts';
import { missingBuildMessage, missingBuildPage } from '../pages/missingBuild.ts';
import { renderPage } from '../pages/renderPage.ts';
import { decidePage } from '../pages/routeMeta.ts';
import { ShellTemplate } from '../pages/shellTemplate.ts';
import { pageStructuredData } from '../seo/structuredData.ts';
import { withPackageFacts } from '../share/packageMeta.ts';
import { DEFAULT_SHARE_IMAGE_PATH } from '../share/shareImage.ts';
import { serveBuildFile } from '../static/buildFiles.ts';
import { REVALIDATE } from '../static/cachePolicy.ts';
import { normaliseRequestPath } from '../static/requestPath.ts';

/** Addresses ending like this are files: a missing one is a plain 404, not the website's 404 page. */
const FILE_EXTENSION = /\.(?:m?js|cjs|css|map|json|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|otf|eot|txt|wasm|xml|br|gz)$/i;

export interface PageRoutesOptions {
  config: Config;
  /** Folder of the shell's build. */
  shellDir: string;
  /** Folder of each remote's build. */
  remoteDirs: Record<string, string>;
}

export const pageRoutes: FastifyPluginAsync<PageRoutesOptions> = async (app, { config, shellDir, remoteDirs }) => {
  const { site, packages } = app;
  const wwwUrl = config.services.www.publicUrl;
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
    const [{ meta, missing }, structuredData] = await Promise.all([
      withPackageFacts(decision.meta, pathname, packages, { url: request.raw.url ?? request.url, dataUrl: config.services.data.publicUrl, wwwUrl }),
      // Crawlers read a package page's SoftwareSourceCode from the HTML; a 404 page describes nothing.
      decision.status === 200 ? pageStructuredData(pathname, request.raw.url ?? request.url, decision.meta.canonicalUrl ?? decision.meta.url, packages) : '',
    ]);
    const dataBlocks = [meta.noindex ? '' : structuredData, bootScriptTag(boot)].filter(Boolean).join('\n    ');
    return sendCacheable(request, reply, {
      body: renderPage(template, meta, dataBlocks),
      contentType: 'text/html; charset=utf-8',
      cacheControl: REVALIDATE,
      // A package nobody published is a missing page, as any address the site has nothing for.
      status: missing ? 404 : decision.status,
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
};
