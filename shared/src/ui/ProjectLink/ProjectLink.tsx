/**
 * A project's name as a link to where it is shown: an npm package's or GitHub repository's page on this site, a
 * WordPress.org plugin's or theme's page in WordPress.org's directory (the site has no page of its own for them;
 * their files are on the CDN under `/wp/`). A name that fits neither is plain text.
 */
import { Link } from 'react-router-dom';

/** Where WordPress.org lists a plugin or theme: its directory, by the kind and slug the statistics name it by. */
export const WORDPRESS_DIRECTORY = 'https://wordpress.org';

/** The address of a project of the statistics (`type` npm, gh or wp) and whether it is a page of this site. */
export function projectHref(type: string, name: string): { href: string; internal: boolean } | null {
  if (type === 'npm' || type === 'gh') {
    // `@` stays readable: it is allowed in a path and is how npm scopes look everywhere.
    const path = name
      .split('/')
      .map((part) => encodeURIComponent(part).replace(/^%40/, '@'))
      .join('/');
    return { href: `/package/${type}/${path}`, internal: true };
  }
  const wordpress = /^(plugins|themes)\/([A-Za-z0-9][A-Za-z0-9._-]*)$/.exec(name);
  if (type === 'wp' && wordpress) return { href: `${WORDPRESS_DIRECTORY}/${wordpress[1]}/${wordpress[2]}/`, internal: false };
  return null;
}

export function ProjectLink({ type, name }: { type: string; name: string }) {
  const target = projectHref(type, name);
  if (!target) return <>{name}</>;
  if (target.internal) return <Link to={target.href}>{name}</Link>;
  return (
    <a href={target.href} rel="noopener">
      {name}
    </a>
  );
}
