import { Frame } from './frame/Frame';
import { AppRoutes } from './routing/AppRoutes';
import { ScrollToHash } from './routing/ScrollToHash';
import { ScrollToTop } from './routing/ScrollToTop';
import { StartupHashRedirect } from './routing/StartupHashRedirect';

/** The whole site: the page frame around the route table's routes. */
export function App() {
  return (
    <Frame>
      <StartupHashRedirect />
      <ScrollToTop />
      <ScrollToHash />
      <AppRoutes />
    </Frame>
  );
}
