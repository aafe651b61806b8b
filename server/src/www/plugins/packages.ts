/**
 * The package layer as the web server reads it (readmes, package titles and descriptions, share images): a
 * store of its own, opened on first use and closed with the service, or the caller's. Unlike the CDN's and
 * the data API's (`../../plugins/packageLayer.ts`), it shares no state with the fleet and hears no purge: it
 * only decorates pages, and its resolutions lapse within a minute. Decorates the instance with `packages()`.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.ts';
import type { PackageStore } from '../../packages/types.ts';

export interface WwwPackagesOptions {
  config: Config;
  /** The caller's store: used as it is and not closed here. */
  store?: PackageStore | undefined;
}

const plugin: FastifyPluginAsync<WwwPackagesOptions> = async (app, { config, store }) => {
  let packageStore: Promise<PackageStore> | undefined = store ? Promise.resolve(store) : undefined;
  let ownedStore: { close(): Promise<void> } | undefined;
  app.decorate('packages', (): Promise<PackageStore> => {
    packageStore ??= import('../../packages/index.ts').then(async ({ createPackageStore }) => (ownedStore = await createPackageStore(config)));
    return packageStore;
  });
  app.addHook('onClose', async () => ownedStore?.close());
};

export const wwwPackages = fp(plugin, { name: 'www-packages' });
