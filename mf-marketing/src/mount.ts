// Framework-free embedding: mount(element, { path }) shows one of this remote's pages in any element.
import { createMount } from '@skylift/shared/federation';
import { pages } from './pages';

export const mount = createMount(pages, '/about');
