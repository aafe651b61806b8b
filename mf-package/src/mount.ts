// Framework-free embedding. mount(element, { type, name }) shows the partner widget of one package (install
// block and usage); mount(element, { path }) shows one of this remote's pages in any element.
import { createMount } from '@skylift/shared/federation';
import type { MountModule } from '@skylift/shared/pages';
import { pages } from './pages';
import { isWidgetProps, mountWidget } from './widget/index';

const mountPage = createMount(pages, '/package/npm/left-pad');

export const mount: MountModule['mount'] = (element, props = {}) =>
  isWidgetProps(props) && typeof props.path !== 'string' ? mountWidget(element, props) : mountPage(element, props);
