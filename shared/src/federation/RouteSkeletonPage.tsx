/**
 * The first version of a remote's page: the heading and description the remote declares for the route, and
 * a short account of what the page holds. Later work replaces each one with the full feature.
 */
import type { ReactNode } from 'react';
import { BRAND } from '../brand';
import { declaredPage } from './pageDeclaration';

export interface RouteSkeletonPageProps {
  /** The path pattern this page renders, as its remote declares it. */
  path: string;
  /** Heading, when the declared title is not the one to show. */
  heading?: string;
  children?: ReactNode;
}

const titleSuffix = ` - ${BRAND.name}`;

export function headingOf(path: string): string {
  const page = declaredPage(path);
  if (!page) return path;
  return page.title.endsWith(titleSuffix) ? page.title.slice(0, -titleSuffix.length) : page.title;
}

export function RouteSkeletonPage({ path, heading, children }: RouteSkeletonPageProps) {
  const page = declaredPage(path);
  return (
    <article className="route-page">
      <header className="route-page__header">
        <h1>{heading ?? headingOf(path)}</h1>
        {page ? <p className="route-page__lead">{page.description}</p> : null}
      </header>
      {children ? <div className="route-page__body">{children}</div> : null}
    </article>
  );
}
