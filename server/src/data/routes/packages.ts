/**
 * Package metadata through the package layer (the same code the CDN serves from): versions and tags (with
 * each version's links, or as a plain list of names), resolution of a range or tag, the files of a version
 * (tree or flat, SHA-256 in base64), entry points (with each file's integrity and how a script tag runs it),
 * what the version's package.json says as npm reads it (`../../packages/manifest/`), and the known security
 * advisories of an npm version (`advisories.ts`). Every listing served is remembered in the hash index for
 * `/v1/lookup/hash`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import semver from 'semver';
import { hasJsEntry } from '../../packages/manifest/jsEntry.ts';
import { githubRepository, packageMetadata } from '../../packages/manifest/packageMetadata.ts';
import { PackageError, type PackageRef, type PackageVersions } from '../../packages/types.ts';
import type { DataContext } from '../context.ts';
import { entryFileFacts } from '../entryFacts.ts';
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
        if (path.rest === '') return packageVersions(ctx, path.ref, reply);
        if (path.rest === 'versions') return versionList(ctx, path.ref, reply);
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
        if (path.rest === 'manifest') return versionManifest(ctx, path.ref, path.version, reply);
        if (path.rest === 'entrypoints' && type === 'npm') return entrypoints(ctx, path.ref, path.version, reply);
        if (path.rest === 'advisories' && type === 'npm') return sendAdvisories(ctx, advisories, path.ref, path.version, reply);
      }
      throw notFound(`Couldn't find the requested resource ${request.url.split('?')[0]}.`);
    });
  }
}

/** Newest first: semver order for npm, the upstream's order (tags by v-compare) for repositories. */
function newestFirst(ref: PackageRef, info: PackageVersions): PackageVersions['versions'] {
  return ref.type === 'npm' ? [...info.versions].sort((a, b) => semver.rcompare(a.version, b.version)) : info.versions;
}

async function packageVersions(ctx: DataContext, ref: PackageRef, reply: FastifyReply) {
  const store = await ctx.packages();
  const info = await store.versions(ref);
  const versions = newestFirst(ref, info);
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

/** The versions' names alone: a package of thousands of versions is a few kilobytes instead of a megabyte of links. */
async function versionList(ctx: DataContext, ref: PackageRef, reply: FastifyReply) {
  const store = await ctx.packages();
  const info = await store.versions(ref);
  cacheFor(reply, 'metadata', ctx.now());
  return { type: ref.type, name: ref.name, tags: ref.type === 'npm' ? info.tags : {}, versions: newestFirst(ref, info).map((v) => v.version) };
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
  const found = entrypointsOf(listing, manifest);
  // Each file's integrity and format, when it can be read: a page offers the tag with SRI, and no CommonJS file as a script.
  const described = await Promise.all(
    Object.entries(found).map(async ([kind, entry]) => [kind, { ...entry, ...(await entryFileFacts(store, ref, version, entry.file)) }] as const),
  );
  cacheFor(reply, exact ? 'immutable' : 'metadata', ctx.now());
  return { entrypoints: Object.fromEntries(described) };
}

/** What the version's package.json says of the package, as npm reads it; a repository's own address for a repository. */
async function versionManifest(ctx: DataContext, ref: PackageRef, requested: string, reply: FastifyReply) {
  const store = await ctx.packages();
  const { version, exact } = await exactVersion(ctx, ref, requested);
  const [manifest, info] = await Promise.all([store.manifest(ref, version), ref.type === 'npm' ? store.versions(ref) : null]);
  const options = { githubWeb: ctx.config.upstream.githubWeb };
  const metadata = packageMetadata(manifest, options);
  const [user = '', repo = ''] = ref.name.split('/');
  cacheFor(reply, exact ? 'immutable' : 'metadata', ctx.now());
  return {
    type: ref.type,
    name: ref.name,
    version,
    ...metadata,
    repository: ref.type === 'gh' ? githubRepository(user, repo, options) : metadata.repository,
    jsEntry: ref.type === 'npm' && hasJsEntry(manifest),
    tarball: info?.versions.find((v) => v.version === version)?.tarball ?? null,
    links: versionLinks(ctx, ref, version),
  };
}
