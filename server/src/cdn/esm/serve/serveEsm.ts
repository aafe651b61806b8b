/**
 * Answers `/npm/{name}@{version}[/{path}]/+esm` and its `+esm.map`: resolves the version like any file
 * (exact versions immutable, ranges and tags short). An exact version gets the stored build like a file
 * (ETag, 304, compression); a range or tag gets a two-line module re-exporting the exact version's URL, so
 * that a page importing `react@18` and a package importing `react@18.3.1` share one instance (browsers key
 * modules by URL). A build that failed answers with a module that throws why, cached for 60 seconds; a
 * package or file without JavaScript is a 404.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BRAND } from '@skylift/shared/brand';
import { PackageError } from '../../../packages/types.ts';
import { JAVASCRIPT } from '../../http/contentType.ts';
import { applyVersionHeaders, cachePolicyFor } from '../../http/headers.ts';
import { sendDiskBody, sendMemoryBody } from '../../http/sendBody.ts';
import type { CdnContext } from '../../serve/cdnContext.ts';
import type { EsmRequest } from '../../url/parseEsmPath.ts';
import { atSubpath, moduleUrl } from '../resolve/buildKey.ts';
import { resolveBuild } from '../resolve/resolveBuild.ts';
import type { EsmBuilds } from '../store/esmBuilds.ts';
import { failureModule } from './failureModule.ts';
import { reexportModule } from './reexportModule.ts';

/** Says "failed" on the answer of a build that failed (its body is a module that throws why). */
export const BUILD_FAILED_HEADER = `X-${BRAND.name}-Esm-Build`;

export interface EsmServing {
  builds: EsmBuilds;
  /** Public URL of the CDN, for the absolute URL in `X-TypeScript-Types`. */
  cdnUrl: string;
}

export async function serveEsm(ctx: CdnContext, esm: EsmServing, request: FastifyRequest, reply: FastifyReply, parsed: EsmRequest): Promise<FastifyReply> {
  const log = request.cdn;
  log.type = 'npm';
  log.name = parsed.ref.name;
  // The build key, made once here and handed down: the version resolved like any file's.
  const { key, resolved } = await resolveBuild(ctx.store, parsed);
  log.version = resolved.version;
  log.kind = resolved.kind;
  log.file = `${parsed.path}/${parsed.output === 'map' ? '+esm.map' : '+esm'}`;
  log.answer = 'generated';
  applyVersionHeaders(reply, resolved);
  const policy = cachePolicyFor(resolved);

  // Options are served under any order of the query (`?target=es2018&dev` is `?dev&target=es2018`): one build, keyed canonically.
  const build = await esm.builds.get(key, ctx.clientKey(request));
  if (!build.ok) {
    if (parsed.output === 'map') throw PackageError.fileNotFound(`${parsed.path}/+esm.map`);
    reply.header(BUILD_FAILED_HEADER, 'failed');
    return sendMemoryBody(request, reply, failureModule(moduleUrl(key), build.reason, build.exports), JAVASCRIPT, 'error');
  }
  if (parsed.output === 'map') {
    return sendDiskBody(request, reply, build.map, {
      contentType: 'application/json; charset=utf-8',
      cachePolicy: policy,
      variants: ctx.variants,
      hot: ctx.hot,
    });
  }
  if (build.types) reply.header('X-TypeScript-Types', `${esm.cdnUrl}${build.types}`);
  // A range or tag, or another name of a file whose module has one URL (`build.alias`), re-exports that URL.
  if (resolved.kind !== 'version' || build.alias !== undefined) {
    const target = moduleUrl(build.alias !== undefined ? atSubpath(key, build.alias) : key);
    return sendMemoryBody(request, reply, reexportModule(target, build.exports), JAVASCRIPT, policy);
  }
  return sendDiskBody(request, reply, build.code, { contentType: JAVASCRIPT, cachePolicy: policy, variants: ctx.variants, hot: ctx.hot });
}
