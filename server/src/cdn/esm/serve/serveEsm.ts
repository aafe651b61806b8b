/**
 * Answers `/npm/{name}@{version}[/{path}]/+esm`, its pinned form `.../+esm/b{generation}`, their source maps and
 * `?meta`. The version resolves like any file's. A pinned URL answers the kept build like a file (ETag, 304,
 * compression), immutable: its bytes never change. The convenient URL, of an exact version or a range, answers
 * a module re-exporting the pinned URL of the current generation's build, cached like an alias: it moves to a
 * better build when the builder improves, and every import of one build goes through one URL (browsers key
 * modules by URL), so a page importing `react@18` shares one React with a package importing its pinned build.
 * A build that failed answers with a module that throws why, cached for 60 seconds; a package or file without
 * JavaScript is a 404. The convenient URL without `?target` asked by Deno (its `Deno/…` User-Agent) re-exports
 * the Deno build's pinned URL (`?target=deno`), with `Vary: User-Agent` on every answer of such a URL; a URL
 * naming its target, or pinned, is the same for everyone and varies on nothing more.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BRAND } from '@skylift/shared/brand';
import { PackageError } from '../../../packages/types.ts';
import { JAVASCRIPT } from '../../http/contentType.ts';
import { applyVersionHeaders, type CachePolicy } from '../../http/headers.ts';
import { addVary, sendDiskBody, sendMemoryBody } from '../../http/sendBody.ts';
import type { CdnContext } from '../../serve/cdnContext.ts';
import type { EsmRequest } from '../../url/parseEsmPath.ts';
import { targetOfUserAgent } from '../../../cdnUrl/esmOptions.ts';
import { atSubpath, generationSegment, keyLabel, moduleUrl } from '../resolve/buildKey.ts';
import { resolveBuild } from '../resolve/resolveBuild.ts';
import { enterStage } from '../stages.ts';
import type { EsmBuilds } from '../store/esmBuilds.ts';
import type { BuildDescriptions } from './buildMeta.ts';
import { failureModule } from './failureModule.ts';
import { convenientBanner, reexportModule } from './reexportModule.ts';

/** Says "failed" on the answer of a build that failed (its body is a module that throws why). */
export const BUILD_FAILED_HEADER = `X-${BRAND.name}-Esm-Build`;

export interface EsmServing {
  builds: EsmBuilds;
  /** `?meta` answers. */
  descriptions: BuildDescriptions;
  /** Public URL of the CDN, for the absolute URLs of `X-TypeScript-Types`, `?meta` and the convenient URL's banner. */
  cdnUrl: string;
  /** Public URL of the website, for the banner's link to the SRI guidance. */
  websiteUrl: string;
}

export async function serveEsm(ctx: CdnContext, esm: EsmServing, request: FastifyRequest, reply: FastifyReply, parsed: EsmRequest): Promise<FastifyReply> {
  enterStage('serve', () => request.url);
  const log = request.cdn;
  log.type = 'npm';
  log.name = parsed.ref.name;
  // The convenient URL without `?target`: a Deno client (`Deno/2.1.4`) asks for the Deno build, any other for
  // the browser's. A pinned URL is one build whoever asks.
  const chosenByAgent = !parsed.targetGiven && parsed.output === 'module' && parsed.generation === null;
  const byAgent = chosenByAgent ? targetOfUserAgent(request.headers['user-agent']) : null;
  if (chosenByAgent) addVary(reply, 'User-Agent');
  // The build key, made once here and handed down: the version resolved like any file's.
  const { key, resolved, pinned } = await resolveBuild(
    ctx.store,
    byAgent ? { ...parsed, options: { ...parsed.options, target: byAgent } } : parsed,
    esm.builds.generation,
  );
  log.version = resolved.version;
  log.kind = resolved.kind;
  const suffix = pinned ? `/+esm/${generationSegment(key.generation)}` : '/+esm';
  log.file = `${parsed.path}${parsed.output === 'map' ? `${suffix}.map` : suffix}`;
  log.answer = 'generated';
  applyVersionHeaders(reply, resolved);
  // A pinned URL's bytes never change; what the convenient one answers moves with the builder, like an alias.
  const policy: CachePolicy = pinned ? 'immutable' : resolved.stale ? 'error' : 'alias';

  // Options are served under any order of the query (`?target=es2018&dev` is `?dev&target=es2018`): one build, keyed canonically.
  const build = await esm.builds.get(key, ctx.clientKey(request));
  if (!build.ok) {
    if (parsed.output === 'map') throw PackageError.fileNotFound(`${parsed.path}${suffix}.map`);
    reply.header(BUILD_FAILED_HEADER, 'failed');
    if (parsed.output === 'meta') throw new PackageError(502, `${moduleUrl(key)} could not be built as an ES module: ${build.reason}`);
    return sendMemoryBody(request, reply, failureModule(moduleUrl(key), build.reason, build.exports), JAVASCRIPT, 'error');
  }
  const files = { variants: ctx.variants, hot: ctx.hot };
  if (parsed.output === 'meta') {
    const meta = await esm.descriptions.describe(key, build, esm.cdnUrl);
    return sendMemoryBody(request, reply, `${JSON.stringify(meta, null, 2)}\n`, 'application/json; charset=utf-8', policy);
  }
  if (parsed.output === 'map')
    return sendDiskBody(request, reply, build.map, { contentType: 'application/json; charset=utf-8', cachePolicy: policy, ...files });
  if (build.types) reply.header('X-TypeScript-Types', `${esm.cdnUrl}${build.types}`);
  // The module of another name of a file whose module has one URL is that URL's.
  const target = moduleUrl(build.alias !== undefined ? atSubpath(key, build.alias) : key);
  if (!pinned) {
    const banner = convenientBanner(BRAND.name, keyLabel(key), `${esm.cdnUrl}${target}`, esm.websiteUrl);
    return sendMemoryBody(request, reply, reexportModule(target, build.exports, banner), JAVASCRIPT, policy);
  }
  if (build.alias !== undefined) return sendMemoryBody(request, reply, reexportModule(target, build.exports), JAVASCRIPT, policy);
  return sendDiskBody(request, reply, build.code, { contentType: JAVASCRIPT, cachePolicy: policy, ...files });
}
