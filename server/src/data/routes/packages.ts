/**
 * Package metadata through the package layer (the same code the CDN serves from): versions and tags,
 * resolution of a range or tag, the files of a version (tree or flat, SHA-256 in base64) and entry
 * points, and the known security advisories of an npm version (`advisories.ts`). Every listing served is
 * remembered in the hash index for `/v1/lookup/hash`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import semver from 'semver';
import { PackageError, type PackageRef } from '../../packages/types.ts';
import type { DataContext } from '../context.ts';
import { entrypointsOf } from '../entrypoints.ts';
import { flatFiles, treeFiles } from '../files.ts';
import { cacheFor } from '../http/caching.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { validatedQuery, type OperationId, type ValidQuery } from '../openapi/routeSchemas.ts';
import { parsePackagePath } from '../params.ts';
import { advisorySource, sendAdvisories } from './advisories.ts';
import { statsUrl } from './packageStats.ts';

function metadataUrl(ctx: DataContext, ref: PackageRef, version: string, suffix = ''): string {
  return `${ctx.baseUrl}/v1/packages/${ref.type}/${ref.name}@${version}${suffix}`;
}

function versionLinks(ctx: DataContext, ref: PackageRef, version: string): Record<string, string> {
  return ref.type === 'npm'
    ? { self: metadataUrl(ctx, ref, version), entrypoints: metadataUrl(ctx, ref, version, '/entrypoints'), stats: statsUrl(ctx, ref, version) }
    : { self: metadataUrl(ctx, ref, version), stats: statsUrl(ctx, ref, version) };
}

export function registerPackages(app: FastifyInstance, ctx: DataContext): void {
  const advisories = advisorySource(ctx.config);
  for (const type of ['npm', 'gh'] as const) {
    app.get<{ Params: { '*': string } }>(`/v1/packages/${type}/*`, async (request, reply) => {
      const path = parsePackagePath(type, request.params['*']);
      // One address pattern serves several operations of the contract: the query is validated against the one asked for.
      const scoped = path.ref.name.startsWith('@');
      const query = <Q>(gh: OperationId, npm: OperationId, npmScoped: OperationId): Q =>
        validatedQuery<Q>(request, ctx.schemas.querystring(type === 'gh' ? gh : scoped ? npmScoped : npm));
      if (path.version === undefined) {
        if (path.rest === '') return packageMetadata(ctx, path.ref, reply);
        if (path.rest === 'resolved')
          return resolved(ctx, path.ref, query('getResolvedRepoVersion', 'getResolvedPackageVersion', 'getResolvedScopedPackageVersion'), reply);
      } else {
        if (path.version === '' || /[\s\\]/.test(path.version)) throw badRequest(`Invalid parameter value: version "${path.version}" is not valid.`);
        if (path.rest === '')
          return versionMetadata(
            ctx,
            path.ref,
            path.version,
            query('getRepoVersionMetadata', 'getPackageVersionMetadata', 'getScopedPackageVersionMetadata'),
            reply,
          );
        if (path.rest === 'entrypoints' && type === 'npm') return entrypoints(ctx, path.ref, path.version, reply);
        if (path.rest === 'advisories' && type === 'npm') return sendAdvisories(ctx, advisories, path.ref, path.version, reply);
      }
      throw notFound(`Couldn't find the requested resource ${request.url.split('?')[0]}.`);
    });
  }
}

async function packageMetadata(ctx: DataContext, ref: PackageRef, reply: FastifyReply) {
  const store = await ctx.packages();
  const info = await store.versions(ref);
  const versions = ref.type === 'npm' ? [...info.versions].sort((a, b) => semver.rcompare(a.version, b.version)) : info.versions;
  cacheFor(reply, 'metadata', ctx.now());
  return {
    type: ref.type,
    name: ref.name,
    tags: ref.type === 'npm' ? info.tags : {},
    // Beside the contract's links, the registry's own tarball address, for the website's download link.
    versions: versions.map((v) => ({ version: v.version, links: { ...versionLinks(ctx, ref, v.version), ...(v.tarball ? { tarball: v.tarball } : {}) } })),
    links: { stats: statsUrl(ctx, ref) },
  };
}

async function resolved(ctx: DataContext, ref: PackageRef, { specifier }: ValidQuery<'getResolvedPackageVersion', 'specifier'>, reply: FastifyReply) {
  // Control characters are what this refuses: a range or tag never contains one.
  // eslint-disable-next-line no-control-regex
  if (specifier === '' || specifier.length > 256 || /[\u0000-\u001f]/.test(specifier)) {
    throw badRequest(`Invalid parameter value: specifier "${specifier}" is not a valid range or tag.`);
  }
  const store = await ctx.packages();
  // Fails with 404 when the package itself does not exist; only then is a missing match a null version.
  await store.versions(ref);
  let version: string | null = null;
  try {
    version = (await store.resolve(ref, specifier)).version;
  } catch (error) {
    if (!(error instanceof PackageError) || error.status !== 404) throw error;
  }
  cacheFor(reply, 'metadata', ctx.now());
  return { type: ref.type, name: ref.name, version, links: version === null ? {} : versionLinks(ctx, ref, version) };
}

/** Exact versions are answered for a year; anything resolved (a range, a tag, a branch) for 5 minutes. */
async function exactVersion(ctx: DataContext, ref: PackageRef, requested: string): Promise<{ version: string; exact: boolean }> {
  const store = await ctx.packages();
  const resolution = await store.resolve(ref, requested);
  return {
    version: resolution.version,
    exact: resolution.version === requested && (resolution.kind === 'version' || resolution.kind === 'commit') && !resolution.stale,
  };
}

async function versionMetadata(
  ctx: DataContext,
  ref: PackageRef,
  requested: string,
  { structure }: ValidQuery<'getPackageVersionMetadata', 'structure'>,
  reply: FastifyReply,
) {
  const store = await ctx.packages();
  const { version, exact } = await exactVersion(ctx, ref, requested);
  const listing = await store.listing(ref, version);
  await ctx.fileHashes.record(ref.type, ref.name, version, listing.files);
  cacheFor(reply, exact ? 'immutable' : 'metadata', ctx.now());
  const links: Record<string, string> = { stats: statsUrl(ctx, ref, version) };
  if (ref.type === 'npm') links['entrypoints'] = metadataUrl(ctx, ref, version, '/entrypoints');
  return {
    type: ref.type,
    name: ref.name,
    version,
    default: ref.type === 'npm' ? listing.default : null,
    files: structure === 'flat' ? flatFiles(listing.files) : treeFiles(listing.files),
    links,
  };
}

async function entrypoints(ctx: DataContext, ref: PackageRef, requested: string, reply: FastifyReply) {
  const store = await ctx.packages();
  const { version, exact } = await exactVersion(ctx, ref, requested);
  const [listing, manifest] = await Promise.all([store.listing(ref, version), store.manifest(ref, version)]);
  cacheFor(reply, exact ? 'immutable' : 'metadata', ctx.now());
  return { entrypoints: entrypointsOf(listing, manifest) };
}
