/**
 * One request log line per answered request (the statistics are folded from them), with the CDN's metrics,
 * for the answers of the routes and for the warm answers the server gives before Fastify. A fastify-plugin:
 * its hook sees every answer of the service.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.ts';
import { requestLogDir } from '../../requestlog/reader.ts';
import { RequestLogWriter } from '../../requestlog/writer.ts';
import { backgroundCountryLookup, CountryDatabase, type CountryLookup } from '../geo/countryDatabase.ts';
import { createRequestLogger, requestLogHook } from '../requestLogger.ts';
import type { WarmAnswers } from '../serve/warmAnswers.ts';

export interface RequestLogOptions {
  config: Config;
  /** Where request log lines go: a writer of the caller's, false for none, or (default) `{dataDir}/request-log`. */
  requestLog?: RequestLogWriter | false | undefined;
  /**
   * Country of a client address, for requests no fronting CDN named a country for: the bundled offline
   * database (default), a lookup of the caller's, or false for none.
   */
  countries?: CountryLookup | false | undefined;
  /** The answers given before Fastify, logged and counted here too. */
  warm: WarmAnswers | null;
}

const plugin: FastifyPluginAsync<RequestLogOptions> = async (app, { config, requestLog, countries: lookup, warm }) => {
  const writer =
    requestLog === false
      ? null
      : (requestLog ??
        new RequestLogWriter({
          dir: requestLogDir(config.dataDir),
          onError: (error) => app.log.error({ err: error }, 'cannot write the request log'),
          onDropped: (lines) => app.log.error({ lines }, 'request log lines dropped while the disk refused them'),
        }));
  const countries =
    lookup === false
      ? null
      : (lookup ??
        backgroundCountryLookup(
          () => CountryDatabase.bundled(),
          (error) => app.log.warn({ err: error }, 'the IP-to-country database could not be loaded; countries come only from the edge header'),
        ));
  const log = createRequestLogger(config, writer, app.cdnMetrics, countries);
  app.addHook('onResponse', requestLogHook(log));
  warm?.onReplay((request, answer, seconds) => {
    log({
      method: 'GET',
      url: request.url ?? '',
      headers: request.headers,
      socket: request.socket,
      statusCode: 200,
      contentLength: answer.length,
      cdn: answer.log,
    });
    app.countAnswer('GET', answer.route, 200, seconds);
  });
  app.addHook('onClose', async () => {
    // A caller's writer is the caller's to close: its lines are only made durable here.
    if (writer && requestLog === undefined) await writer.close();
    else await writer?.flush();
  });
};

/** Counts in the CDN's metrics: register it after `cdn-serving`. */
export const requestLogPlugin = fp(plugin, { name: 'cdn-request-log', dependencies: ['observability', 'cdn-serving'] });
