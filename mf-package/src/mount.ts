// Framework-free embedding: mount(element, { path }) shows one of this remote's pages in any element.
import { createMount } from '@skylift/shared/federation/index';
import { pages } from './pages';

export const mount = createMount(pages, '/package/npm/left-pad');
