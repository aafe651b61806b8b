/**
 * Builds a remote's framework-free `mount(element, props)`: a site without React embeds one of the
 * remote's pages in any element. The page gets its own in-memory router so it never touches the host's URL.
 */
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import type { MountModule, MountProps, PagesDeclaration } from '@skylift/shared/pages';
import { PageRoutes } from './PageRoutes';

export function createMount(
  declaration: PagesDeclaration,
  defaultPath = declaration.pages[0]?.example ?? declaration.pages[0]?.path ?? '/',
): MountModule['mount'] {
  return function mount(element: HTMLElement, props: MountProps = {}) {
    const root = createRoot(element);
    const path = typeof props.path === 'string' && props.path.startsWith('/') ? props.path : defaultPath;
    root.render(
      <MemoryRouter initialEntries={[path]}>
        <PageRoutes declaration={declaration} />
      </MemoryRouter>,
    );
    let mounted = true;
    return () => {
      if (!mounted) return;
      mounted = false;
      root.unmount();
    };
  };
}
