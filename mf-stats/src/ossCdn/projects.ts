/**
 * The custom endpoints the pages describe. Their descriptions and links are content (content/ossProjects.json,
 * which an operator edits); `apiName` is the name their statistics are kept under in the data API and
 * `cdnPath` the prefix the CDN serves them at, both as the CDN's configuration sets them (MuseScore
 * ships without an upstream: its address is shown with the note that it serves nothing yet).
 */
import projects from '../content/ossProjects.json';

export interface OssProject {
  /** The page address: /oss-cdn/{slug}. */
  slug: string;
  /** Other names the page answers to, each sending the visitor on to /oss-cdn/{slug} (an address used before). */
  aliases?: readonly string[];
  title: string;
  apiName: string;
  /** The prefix the CDN keeps for the project. */
  cdnPath: string;
  /** False while the CDN ships no upstream for the project (its endpoint answers 404 until an operator names one). */
  serving?: boolean;
  description: string;
  link: string;
  docsLink: string;
}

export const OSS_PROJECTS: readonly OssProject[] = projects;

/** The project a page name stands for: its slug, or one of its aliases. */
export function projectBySlug(slug: string): OssProject | undefined {
  return OSS_PROJECTS.find((project) => project.slug === slug) ?? OSS_PROJECTS.find((project) => project.aliases?.includes(slug));
}

/** Every name an /oss-cdn/{name} page answers to: the slugs, then the aliases. */
export function pageNames(projects: readonly OssProject[] = OSS_PROJECTS): string[] {
  return [...projects.map((project) => project.slug), ...projects.flatMap((project) => project.aliases ?? [])];
}
