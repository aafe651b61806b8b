/**
 * The compact search as a widget for a partner page without React: `mount(element, { widget: 'search' })`.
 * Choosing a package opens its page on our site in a full page load. The runtime configuration is the one
 * already loaded, or read from `configUrl` (our site's `/config.json` by default).
 */
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig, runtimeConfig$, useRuntimeConfig } from '@skylift/shared';
import { CompactSearchBox } from './CompactSearchBox';
// A partner page has no tokens stylesheet; the compact search's styles read it.
import '@skylift/shared/stylesheet';

export interface SearchWidgetProps {
  /** Where to read the runtime configuration if none is loaded yet. */
  configUrl?: string;
}

function SearchWidget() {
  const config = useRuntimeConfig();
  const go = (path: string) => {
    const base = config?.wwwUrl ?? window.location.origin;
    window.location.assign(new URL(path, base).toString());
  };
  return <CompactSearchBox config={config?.search ?? null} go={go} />;
}

export function mountSearchWidget(element: HTMLElement, props: SearchWidgetProps = {}): () => void {
  if (!runtimeConfig$.getValue()) {
    loadRuntimeConfig(props.configUrl ?? '/config.json').catch((error: unknown) => {
      console.error(`The search widget could not read its configuration: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
  const root = createRoot(element);
  root.render(<SearchWidget />);
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    root.unmount();
  };
}
