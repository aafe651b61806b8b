/**
 * The part of an npm package document the CDN needs, validated from the registry's JSON. Kept small on purpose:
 * it is cached in memory and on disk, and big packages publish thousands of versions.
 */
import semver from 'semver';

export interface NpmVersionInfo {
  tarball: string;
  /** Subresource-integrity string(s) of the tarball (`sha512-...`), when the registry gives one. */
  integrity?: string;
  /** SHA-1 hex of the tarball, the older integrity field. */
  shasum?: string;
  deprecated?: string;
  /** Unpacked size the registry states (`dist.unpackedSize`), bytes; a claim only, the extraction counts real bytes. */
  unpackedSize?: number;
}

export interface NpmDocument {
  name: string;
  distTags: Record<string, string>;
  versions: Record<string, NpmVersionInfo>;
  /** Every valid version, highest first. */
  order: string[];
  /** Publication time per version, from full documents only. */
  time?: Record<string, string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * What the CDN needs of one version, from its entry in a package document or from the registry's document of
 * that version alone (the same fields); null without a tarball.
 */
export function parseVersionInfo(info: unknown): NpmVersionInfo | null {
  if (!isRecord(info) || !isRecord(info['dist'])) return null;
  const tarball = str(info['dist']['tarball']);
  if (!tarball) return null;
  const entry: NpmVersionInfo = { tarball };
  const integrity = str(info['dist']['integrity']);
  const shasum = str(info['dist']['shasum']);
  // npm marks deprecation with a message; an empty string means "un-deprecated".
  const deprecated = str(info['deprecated']);
  if (integrity) entry.integrity = integrity;
  if (shasum) entry.shasum = shasum;
  if (deprecated) entry.deprecated = deprecated;
  const unpackedSize = info['dist']['unpackedSize'];
  if (typeof unpackedSize === 'number' && Number.isFinite(unpackedSize) && unpackedSize > 0) entry.unpackedSize = unpackedSize;
  return entry;
}

/**
 * About what the document takes in memory, bytes. Measured against the heap: 590 to 1,060 bytes a version
 * (lodash, react, typescript, @types/node), where this gives 600 and the version's strings.
 */
export function approximateBytes(document: NpmDocument): number {
  let bytes = 500 + document.name.length;
  for (const [tag, version] of Object.entries(document.distTags)) bytes += 50 + tag.length + version.length;
  for (const version of document.order) {
    const info = document.versions[version];
    bytes += 600 + version.length;
    if (info) bytes += info.tarball.length + (info.integrity?.length ?? 0) + (info.deprecated?.length ?? 0);
    if (document.time?.[version]) bytes += 80;
  }
  return bytes;
}

/** Builds the document from the registry's answer, or returns null when the answer is not a package document. */
export function parseNpmDocument(raw: unknown, expectedName: string): NpmDocument | null {
  if (!isRecord(raw) || !isRecord(raw['versions'])) return null;
  const versions: Record<string, NpmVersionInfo> = {};
  for (const [version, info] of Object.entries(raw['versions'])) {
    if (!semver.valid(version)) continue;
    const entry = parseVersionInfo(info);
    if (entry) versions[version] = entry;
  }
  const distTags: Record<string, string> = {};
  if (isRecord(raw['dist-tags'])) {
    for (const [tag, version] of Object.entries(raw['dist-tags'])) {
      if (typeof version === 'string' && versions[version]) distTags[tag] = version;
    }
  }
  const doc: NpmDocument = {
    name: str(raw['name']) ?? expectedName,
    distTags,
    versions,
    order: Object.keys(versions).sort(semver.rcompare),
  };
  if (isRecord(raw['time'])) {
    const time: Record<string, string> = {};
    for (const [version, when] of Object.entries(raw['time'])) if (typeof when === 'string' && versions[version]) time[version] = when;
    doc.time = time;
  }
  return doc;
}

/** The document in `body` (the registry's JSON as bytes), or null when it is not JSON or not a package document. */
export function parseNpmDocumentJson(body: Uint8Array, expectedName: string): NpmDocument | null {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch {
    return null;
  }
  return parseNpmDocument(raw, expectedName);
}
