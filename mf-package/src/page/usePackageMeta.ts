/**
 * The package page's title and description in the document, and `noindex` when the package
 * does not exist. The web server writes the same into the HTML for crawlers; this keeps them right after
 * client-side navigation.
 */
import { useEffect } from 'react';
import { applyDocumentMeta } from '@skylift/shared';
import { packagePageDescription, packagePageTitle } from '@skylift/shared/pages';
import type { PackageRef } from '../model/packageRef';

export function usePackageMeta(pkg: PackageRef, description: string | null, notFound: boolean): void {
  useEffect(() => {
    applyDocumentMeta({ title: packagePageTitle(pkg.name), description: packagePageDescription(pkg.type, pkg.name, description) });
  }, [pkg, description]);

  useEffect(() => {
    if (!notFound) return undefined;
    const robots = document.createElement('meta');
    robots.setAttribute('name', 'robots');
    robots.setAttribute('content', 'noindex');
    robots.dataset['packageNotFound'] = 'true';
    const existing = document.head.querySelector('meta[name="robots"]');
    if (!existing) document.head.appendChild(robots);
    return () => {
      if (!existing) robots.remove();
    };
  }, [notFound]);
}
