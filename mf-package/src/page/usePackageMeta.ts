/**
 * The package page's title and description in the document (spec 000 §2), and `noindex` when the package
 * does not exist. The web server writes the same into the HTML for crawlers; this keeps them right after
 * client-side navigation.
 */
import { useEffect } from 'react';
import { BRAND } from '@skylift/shared';
import type { PackageRef } from '../model/packageRef';

export const packageTitle = (name: string): string => `${name} CDN by ${BRAND.name} - A CDN for npm and GitHub`;

export function packageDescription(pkg: PackageRef, description: string | null): string {
  const source = pkg.type === 'npm' ? 'every file of every version published to npm' : 'every file of every release on GitHub';
  const lead = description ? `${description.replace(/\.?\s*$/, '.')} ` : '';
  return `${lead}A free, fast, and reliable CDN for ${pkg.name}: ${source}, with usage statistics and ready-made links.`;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

export function usePackageMeta(pkg: PackageRef, description: string | null, notFound: boolean): void {
  useEffect(() => {
    const title = packageTitle(pkg.name);
    const text = packageDescription(pkg, description);
    document.title = title;
    setMeta('name', 'description', text);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', text);
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
