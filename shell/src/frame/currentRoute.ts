import { useLocation } from 'react-router-dom';
import type { HeaderVariant } from '@skylift/shared/pages';
import { matchRoute } from '@skylift/shared/pages';
import { useSite } from '../site/site';

/** The header variant the page at the current address declares ('regular' where no page owns the address). */
export function useHeaderVariant(): HeaderVariant {
  const { pathname } = useLocation();
  const { pages } = useSite();
  const match = matchRoute(pathname, pages);
  return match?.kind === 'page' ? match.page.header : 'regular';
}
