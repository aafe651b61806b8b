/** The npm search index record as the website reads it ("Search hit"). */

export type HitModuleType = 'esm' | 'cjs' | 'none' | 'unknown';
export type HitStyleType = 'css' | 'less' | 'scss' | 'none';

export interface SearchHit {
  objectID: string;
  name: string;
  description?: string | null;
  version?: string;
  license?: string | null;
  homepage?: string | null;
  keywords?: string[];
  owner?: { name?: string; avatar?: string; link?: string } | null;
  githubRepo?: { user: string; project: string } | null;
  deprecated?: string | boolean;
  popular?: boolean;
  moduleTypes?: HitModuleType[];
  styleTypes?: HitStyleType[];
  /** Requests our CDN served for the package; shown in short-number form as downloads. */
  jsDelivrHits?: number;
}

export interface SearchPage {
  hits: SearchHit[];
  nbHits: number;
  /** False where the search service counted the hits only roughly (a very common word over millions of packages). */
  nbHitsExact: boolean;
  nbPages: number;
  page: number;
  /** The query exactly as the caller asked it (filters included), so a caller can drop a stale answer. */
  query: string;
}
