/**
 * The custom endpoints the pages describe. Their descriptions and links are content (content/ossProjects.json,
 * which an operator edits); `apiName` is the name their statistics are kept under in the data API and
 * `cdnPath` the prefix the CDN serves them at, both as the CDN's configuration sets them (MuseScore
 * ships without an upstream, so no address is shown for it).
 */
import projects from '../content/ossProjects.json';

export interface OssProject {
  /** The page address: /oss-cdn/{slug}. */
  slug: string;
  title: string;
  apiName: string;
  /** Null while the CDN has no upstream configured for the project (its endpoint answers 404). */
  cdnPath: string | null;
  description: string;
  link: string;
  docsLink: string;
}

export const OSS_PROJECTS: readonly OssProject[] = projects;

export function projectBySlug(slug: string): OssProject | undefined {
  return OSS_PROJECTS.find((project) => project.slug === slug);
}
