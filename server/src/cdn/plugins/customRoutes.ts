/**
 * The operator's custom endpoints (`SKYLIFT_CUSTOM_ENDPOINTS`, `../custom/`): each a path prefix proxying a
 * project's host or fixed to an npm scope. An encapsulated plugin: it only adds routes.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config/config.ts';
import { CustomFiles } from '../custom/customFiles.ts';
import { registerCustomEndpoints } from '../custom/registerCustomEndpoints.ts';
import { customFilesDir } from './serving.ts';

export const customRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const files = new CustomFiles({ dir: customFilesDir(config), maxFileBytes: config.limits.packageSizeBytes, timeoutMs: config.upstream.timeoutMs });
  registerCustomEndpoints(app, app.cdnContext, files, config.customEndpoints);
};
