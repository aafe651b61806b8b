/**
 * What every answer of the web server shares: on-the-fly compression of what has no precompressed sibling,
 * `sendFile` for the builds, CORS for what other origins load, `nosniff`, and errors as JSON. A
 * fastify-plugin: its hooks and handlers are the whole service's, not this plugin's alone.
 */
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { BOOT_DOCUMENT_PATH } from '@skylift/shared/config';
import { registerPublicCors } from '../../http/cors.ts';
import { frameworkAnswer } from '../../http/inputBounds.ts';
import { FEED_PATH } from './documentRoutes.ts';
import { sendError } from '../http/errors.ts';
import { README_PREFIX } from '../readme/readmeRoute.ts';
import { REMOTES_MANIFEST_PATH } from '../runtimeConfig/runtimeConfig.ts';
import { registerBuildFiles } from '../static/buildFiles.ts';

const CROSS_ORIGIN_PATHS = new Set(['/config.json', REMOTES_MANIFEST_PATH, BOOT_DOCUMENT_PATH, FEED_PATH, '/remotes']);
const CROSS_ORIGIN_PREFIXES = ['/remotes/', README_PREFIX];

const plugin: FastifyPluginAsync = async (app) => {
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
  app.setNotFoundHandler((request, reply) => {
    reply.header('allow', 'GET, HEAD');
    return sendError(reply, 405, `${request.method} is not supported here; the website answers GET and HEAD.`);
  });
};

export const wwwHttp = fp(plugin, { name: 'www-http' });
