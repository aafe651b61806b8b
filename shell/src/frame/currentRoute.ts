import { useLocation } from 'react-router-dom';
import { matchRoute } from '@skylift/shared/routes/matchRoute';
import type { LogoVariant } from '@skylift/shared/routes/routeTable';

/** What the frame needs to know about the page it surrounds: the logo variant and whether it is a network-tool page. */
export function useFrameRoute(): { logo: LogoVariant; onNetworkTool: boolean } {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  const logo: LogoVariant = match?.route.kind === 'page' ? match.route.logo : 'regular';
  return { logo, onNetworkTool: logo === 'network-tool' };
}
