/**
 * The shape of one record of the package search index: the npm search hit the website expects
 * ("Search hit"). `objectID` is the package name, so get-object works by name.
 */

export type ModuleType = 'esm' | 'cjs' | 'none' | 'unknown';
export type StyleType = 'css' | 'less' | 'scss' | 'none';

export interface Owner {
  name: string;
  avatar: string;
  link: string;
}

export interface GithubRepo {
  user: string;
  project: string;
}

export interface SearchRecord {
  objectID: string;
  name: string;
  description: string;
  version: string;
  license: string | null;
  homepage: string | null;
  keywords: string[];
  owner: Owner;
  githubRepo: GithubRepo | null;
  /** The deprecation message of the latest version, or false. */
  deprecated: string | false;
  popular: boolean;
  moduleTypes: ModuleType[];
  styleTypes: StyleType[];
  /** Requests served by our CDN for this package (from our own statistics). */
  jsDelivrHits: number;
  /** npm downloads over the last 30 days. */
  downloads: number;
}

/**
 * Monthly npm downloads from which a package counts as popular. About the top 1,300 packages of npm reach it,
 * which keeps the badge meaningful rather than shown on every well-known name.
 */
export const POPULAR_MONTHLY_DOWNLOADS = 100_000_000;

/** How strongly a record is preferred among equally relevant ones: log scale, so a 10x more used package gains 1. */
export function popularityOf(record: Pick<SearchRecord, 'downloads' | 'jsDelivrHits'>): number {
  return Math.log10(1 + Math.max(0, record.downloads) + Math.max(0, record.jsDelivrHits));
}

/** Name reduced to letters and digits, lower case: `React-DOM` and `react dom` both become `reactdom`. */
export function normalizeName(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Only the attributes asked for (Algolia's attributesToRetrieve); `objectID` always stays. */
export function retrieve(record: SearchRecord, attributes: readonly string[] | undefined): Record<string, unknown> {
  if (!attributes || attributes.includes('*')) return { ...record };
  const picked: Record<string, unknown> = { objectID: record.objectID };
  const source = record as unknown as Record<string, unknown>;
  for (const attribute of attributes) {
    const [head, ...rest] = attribute.split('.');
    if (head === undefined || !(head in source)) continue;
    if (rest.length === 0) {
      picked[head] = source[head];
      continue;
    }
    // Nested attribute such as `owner.name`: keep just that leaf inside its parent.
    const parent = source[head];
    if (parent && typeof parent === 'object') {
      const leaf = (parent as Record<string, unknown>)[rest.join('.')];
      if (leaf !== undefined) {
        const existing = picked[head];
        picked[head] = { ...(existing && typeof existing === 'object' ? existing : {}), [rest.join('.')]: leaf };
      }
    }
  }
  return picked;
}
