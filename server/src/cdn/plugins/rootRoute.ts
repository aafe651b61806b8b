/**
 * The CDN's own root: not a file, but where people land who follow a link to the CDN itself (the terms and the
 * privacy policy name it). It points them at the website, as other public CDNs do, with a redirect and, for
 * clients that do not follow one, a line of text saying where the files and the website are.
 */
import type { FastifyPluginAsync } from 'fastify';
import { BRAND } from '@skylift/shared/brand';
import type { Config } from '../../config/config.ts';

export const rootRoute: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const website = `${config.services.www.publicUrl}/`;
  app.route({
    method: ['GET', 'HEAD'],
    url: '/',
    handler: async (_request, reply) =>
      reply
        .code(302)
        .header('location', website)
        .header('cache-control', 'public, max-age=3600')
        .type('text/plain; charset=utf-8')
        .send(`This is the CDN of ${BRAND.name}: its files are under /npm/, /gh/ and /wp/. The website is ${website}\n`),
  });
};
