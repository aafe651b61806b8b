/**
 * Keeps what the routes sent of small popular files, for the server to answer them again before Fastify
 * (`answerFirst` of `../../http/serviceServer.ts`). A fastify-plugin registered after every route and every other hook: its
 * `onSend` hook must be the last that may change a body, so that what is kept is what was sent.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { WarmAnswers } from '../serve/warmAnswers.ts';

const plugin: FastifyPluginAsync<{ warm: WarmAnswers }> = async (app, { warm }) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    warm.record(request, reply, payload);
    done(null, payload);
  });
  app.addHook('onClose', async () => warm.clear());
};

export const warmAnswersPlugin = fp(plugin, { name: 'cdn-warm-answers' });
