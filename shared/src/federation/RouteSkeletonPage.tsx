/**
 * The first version of a remote's page: the heading and description the route table gives the route, and a
 * short account of what the page holds. Later work replaces each one with the full feature.
 */
import type { ReactNode } from 'react';
import { BRAND } from '../brand';
import { PAGE_ROUTES } from '../routes/routeTable';

export interface RouteSkeletonPageProps {
  /** The route-table path pattern this page renders. */
  path: string;
  /** Heading, when the route's title is the site's default title (home, package pages). */
  heading?: string;
  children?: ReactNode;
}

const titleSuffix = ` - ${BRAND.name}`;

export function headingOf(path: string): string {
  const route = PAGE_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`No page route ${path} in the route table.`);
  return route.title.endsWith(titleSuffix) ? route.title.slice(0, -titleSuffix.length) : route.title;
}

export function RouteSkeletonPage({ path, heading, children }: RouteSkeletonPageProps) {
  const route = PAGE_ROUTES.find((r) => r.path === path);
  return (
    <article className="route-page">
      <header className="route-page__header">
        <h1>{heading ?? headingOf(path)}</h1>
        {route ? <p className="route-page__lead">{route.description}</p> : null}
      </header>
      {children ? <div className="route-page__body">{children}</div> : null}
    </article>
  );
}
