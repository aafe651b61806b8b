// Framework-free embedding: mount(element, { path }) shows one of this remote's pages in any element;
// mount(element, { widget: 'search' }) embeds the compact package search.
import type { MountModule } from '@skylift/shared/pages';
import { createMount } from '@skylift/shared/federation';
import { mountSearchWidget } from './compact/searchWidget';
import { pages } from './pages';

const mountPage = createMount(pages, '/');

export const mount: MountModule['mount'] = (element, props = {}) => {
  if (props['widget'] === 'search') {
    const configUrl = props['configUrl'];
    return mountSearchWidget(element, typeof configUrl === 'string' ? { configUrl } : {});
  }
  return mountPage(element, props);
};
