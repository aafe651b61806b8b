/**
 * The npm registry client: package documents and tarballs from the registry in the configuration.
 * Documents are requested abbreviated (the install format: versions, dist, deprecation, dist-tags) unless
 * the caller needs publication times, which only the full document has. A scoped package's documents come from
 * its scope's registry when one is configured, and every request carries only the credential of the registry
 * it goes to (`registryAuth.ts`).
 */
import type { RegistryCredential } from '../../config/npmRegistries.ts';
import { PackageError } from '../types.ts';
import { discard, readBody, readJson, type UpstreamResponse } from '../upstream/fetchUpstream.ts';
import type { PackageMetrics } from '../upstream/metrics.ts';
import { parseNpmDocumentBytes } from './documentThreads.ts';
import type { NpmDocument } from './npmDocument.ts';
import { fetchRegistry } from './registryAuth.ts';

export type DocumentForm = 'abbreviated' | 'full';

const ACCEPT: Record<DocumentForm, string> = {
  abbreviated: 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8, */*',
  full: 'application/json',
};

export interface RegistryClientOptions {
  registry: string;
  /** Scope (`@acme`) to the registry serving its packages. */
  scopes?: Readonly<Record<string, string>>;
  credentials?: readonly RegistryCredential[];
  timeoutMs: number;
  metrics: PackageMetrics;
}

export interface RegistryClient {
  document(name: string, form: DocumentForm): Promise<NpmDocument>;
  /**
   * One version's document as the registry publishes it (`{registry}/{name}/{version}`: the package.json the
   * author published, with the registry's `dist`), for a version whose tarball is not extracted.
   */
  versionDocument(name: string, version: string): Promise<Record<string, unknown>>;
  /** The tarball as a stream; the caller consumes it and calls done() at the end. */
  tarball(name: string, version: string, url: string): Promise<UpstreamResponse>;
  /**
   * Where a version's tarball is by npm's convention (`{registry}/{name}/-/{unscoped name}-{version}.tgz`),
   * before its document says: asked for alongside the document, and used when the document names it.
   */
  tarballUrl(name: string, version: string): string;
}

const VERSION_DOCUMENT_MAX_BYTES = 4 * 1024 * 1024;

/** `@scope/name` travels as `@scope%2fname`, as npm itself sends it. */
export function documentUrl(registry: string, name: string): string {
  return `${registry}/${name.startsWith('@') ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name)}`;
}

export function createRegistryClient(options: RegistryClientOptions): RegistryClient {
  const registry = options.registry.replace(/\/+$/, '');
  const scopes = options.scopes ?? {};
  const credentials = options.credentials ?? [];
  const registryOf = (name: string): string => {
    const scope = name.startsWith('@') ? name.slice(0, name.indexOf('/')).toLowerCase() : '';
    return (scope && scopes[scope]?.replace(/\/+$/, '')) || registry;
  };
  return {
    async document(name, form) {
      const response = await fetchRegistry(
        {
          upstream: 'npm',
          kind: 'document',
          url: documentUrl(registryOf(name), name),
          what: `version info for ${name}`,
          timeoutMs: options.timeoutMs,
          headers: { accept: ACCEPT[form] },
          metrics: options.metrics,
        },
        credentials,
      );
      if (response.status !== 200) {
        discard(response);
        // 404 is the registry's "no such package"; other 4xx (401/403 for blocked packages) mean the same to a user.
        throw PackageError.packageNotFound(name);
      }
      // Large documents are parsed in a thread (`documentThreads.ts`), which reads the body where it is.
      const doc = await parseNpmDocumentBytes(await readBody(response, `version info for ${name}`, { shared: true }), name);
      if (!doc) throw PackageError.upstreamFailed(`version info for ${name}`, 'the package document is not a JSON object');
      return doc;
    },
    async versionDocument(name, version) {
      const what = `version info for ${name}@${version}`;
      const response = await fetchRegistry(
        {
          upstream: 'npm',
          kind: 'document',
          url: `${documentUrl(registryOf(name), name)}/${encodeURIComponent(version)}`,
          what,
          timeoutMs: options.timeoutMs,
          headers: { accept: ACCEPT.full },
          metrics: options.metrics,
        },
        credentials,
      );
      if (response.status !== 200) {
        discard(response);
        if (response.status === 404) throw PackageError.versionNotFound(version);
        throw PackageError.upstreamFailed(what, `the registry answered ${response.status}`);
      }
      // One version's package.json: a few kilobytes; anything near this bound is not one.
      const body = await readJson(response, what, VERSION_DOCUMENT_MAX_BYTES);
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw PackageError.upstreamFailed(what, 'the version document is not a JSON object');
      return body as Record<string, unknown>;
    },
    tarballUrl(name, version) {
      // Validated names and versions need no escaping; a scoped name keeps its slash, as in the documents.
      return `${registryOf(name)}/${name}/-/${name.slice(name.indexOf('/') + 1)}-${version}.tgz`;
    },
    async tarball(name, version, url) {
      const response = await fetchRegistry(
        {
          upstream: 'npm',
          kind: 'tarball',
          url,
          what: `${name}@${version}`,
          timeoutMs: options.timeoutMs,
          metrics: options.metrics,
        },
        credentials,
      );
      if (response.status !== 200) {
        discard(response);
        if (response.status === 404) throw PackageError.versionNotFound(version);
        throw PackageError.upstreamFailed(`${name}@${version}`, `the registry answered ${response.status} for the archive`);
      }
      return response;
    },
  };
}
