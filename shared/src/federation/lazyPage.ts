/**
 * A declared page as a React component that loads its code on first render: each page of a remote is its
 * own chunk, so a visitor downloads the pages they open and not the whole remote.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageDefinition } from '@skylift/shared/pages';

const components = new WeakMap<PageDefinition, LazyExoticComponent<ComponentType>>();

export function lazyPage(page: PageDefinition): LazyExoticComponent<ComponentType> {
  let component = components.get(page);
  if (!component) {
    component = lazy(async () => ({ default: await page.load() }));
    components.set(page, component);
  }
  return component;
}
