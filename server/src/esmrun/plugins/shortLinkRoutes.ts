/**
 * esm.run's own addresses: `/`, a page saying what the service is, and `/{name}[@{version}][/{path}][?{options}]`, a
 * redirect to the package's `+esm` module build on the CDN with those options (shortLink.ts). An encapsulated plugin: it only adds routes.
 */
import type { FastifyPluginAsync } from 'fastify';
import { BRAND } from '@skylift/shared/brand';
import type { Config } from '../../config/config.ts';
import { HOME_CACHE, REDIRECT_CACHE, sendText } from '../answers.ts';
import { shortLinkTarget } from '../shortLink.ts';

function homePage(cdnUrl: string, ownUrl: string): string {
  return [
    `esm.run: short links to ES module builds of npm packages, served by ${BRAND.name}.`,
    '',
    '  /{name}[@{version}][/{path}]  redirects to  ' + `${cdnUrl}/npm/{name}[@{version}][/{path}]/+esm`,
    '',
    'Build options are passed on (/react@18?dev, ?target=es2020, ?deps=react@18.3.1, ?meta).',
    '',
    'Use it in a page:',
    '',
    '  <script type="module">',
    "    import confetti from '" + `${ownUrl}/canvas-confetti@1';`,
    '  </script>',
    '',
    'Versions may be exact, a range (@1, @^1.2.0) or a tag (@latest); without one the latest version is used.',
    '',
  ].join('\n');
}

export const shortLinkRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const cdnUrl = config.services.cdn.publicUrl;
  const home = homePage(cdnUrl, config.services.esmrun.publicUrl);
  const methods: Array<'GET' | 'HEAD'> = ['GET', 'HEAD'];
  app.route({
    method: methods,
    url: '/',
    handler: async (request, reply) => sendText(reply, 200, request.method === 'HEAD' ? '' : home, HOME_CACHE),
  });
  app.route({
    method: methods,
    url: '/*',
    handler: async (request, reply) => {
      const queryAt = request.url.indexOf('?');
      const rest = (queryAt < 0 ? request.url : request.url.slice(0, queryAt)).slice(1);
      const location = shortLinkTarget(cdnUrl, rest, queryAt < 0 ? '' : request.url.slice(queryAt + 1));
      reply.header('location', location);
      return sendText(reply, 302, `Redirecting to ${location}`, REDIRECT_CACHE);
    },
  });
};
