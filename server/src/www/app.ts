/**
 * The web server: the shell's and the remotes' builds, the runtime configuration and the remotes
 * manifest, every route of the route table with its own title and share metadata, and the blog feed.
 * Assembled from plugins, in order (server/README.md, "How a service is assembled").
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import { JSON_ERRORS, boundedServerOptions, frameworkErrors, ownOrigins, registerInputBounds } from '../http/inputBounds.ts';
import { loggerOptions } from '../observability/logger.ts';
import { observability } from '../observability/observability.ts';
import type { PackageStore } from '../packages/types.ts';
import { sendError } from './http/errors.ts';
import { documentRoutes } from './plugins/documentRoutes.ts';
import { wwwHttp } from './plugins/http.ts';
import { packageRoutes } from './plugins/packageRoutes.ts';
import { wwwPackages } from './plugins/packages.ts';
import { pageRoutes } from './plugins/pageRoutes.ts';
import { siteState } from './plugins/site.ts';
import { BUILT_REMOTES } from './runtimeConfig/remotesManifest.ts';
import type { TopPackages } from './seo/topPackages.ts';

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

export async function buildWwwApp(config: Config, options: WwwOptions = {}): Promise<FastifyInstance> {
  const shellDir = options.shellDir ?? path.join(config.projectRoot, 'shell', 'dist');
  const remoteDirs: Record<string, string> = Object.fromEntries(
    BUILT_REMOTES.map((name) => [name, options.remoteDirs?.[name] ?? path.join(config.projectRoot, name, 'dist')]),
  );

  const app = Fastify({
    logger: loggerOptions('www', config.logLevel) ?? false,
    return503OnClosing: true,
    ...boundedServerOptions(JSON_ERRORS),
    // The router rejects addresses it cannot decode before any route runs: answer those in our error shape too.
    frameworkErrors: frameworkErrors(sendError),
  });
  // The one redirect that leaves: /discord, to the chat community the operator's content names.
  registerInputBounds(app, { sendError, ownOrigins: ownOrigins(config), operatorLinks: async () => [(await app.site.snapshot()).boot.content.links.chat] });
  await app.register(observability, { service: 'www' });
  await app.register(wwwHttp);
  await app.register(siteState, {
    config,
    remoteDirs,
    remotesFile: options.remotesFile ?? config.remotesFile,
    contentFile: options.contentFile ?? config.contentFile,
    declarationRefreshMs: options.declarationRefreshMs,
  });
  await app.register(wwwPackages, { config, store: options.packageStore });
  await app.register(documentRoutes, { config, topPackages: options.topPackages });
  await app.register(packageRoutes, { config });
  await app.register(pageRoutes, { config, shellDir, remoteDirs });
  return app;
}
