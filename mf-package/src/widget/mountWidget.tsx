/**
 * `mount(element, { type, name })` for partner sites without React: renders the package widget inside a
 * shadow root, so the host page's styles and ours never meet. The service URLs come from the website's
 * `/config.json`, found next to where this remote was loaded from unless `configUrl` names it.
 */
import { createRoot } from 'react-dom/client';
import type { PackageType } from '@skylift/shared';
// From the package root, so the widget sees the configuration a host that already loaded one has.
import { loadRuntimeConfig, runtimeConfig$, type RuntimeConfig } from '@skylift/shared';
import { PackageWidget } from './PackageWidget';
import { WIDGET_STYLES } from './widgetStyles';

export interface WidgetProps {
  type: PackageType;
  name: string;
  /** Where the website's runtime configuration is; default `/config.json` on the origin this remote came from. */
  configUrl?: string;
}

/** webpack replaces this with the URL the remote's files were loaded from (publicPath `auto`). */
declare const __webpack_public_path__: string | undefined;

export function isWidgetProps(props: Record<string, unknown>): props is Record<string, unknown> & WidgetProps {
  return (props['type'] === 'npm' || props['type'] === 'gh') && typeof props['name'] === 'string' && props['name'].trim() !== '';
}

function defaultConfigUrl(): string {
  const publicPath = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '';
  const base = /^https?:\/\//.test(publicPath) ? publicPath : document.baseURI;
  return new URL('/config.json', base).href;
}

function runtimeConfigFor(configUrl: string | undefined): Promise<RuntimeConfig> {
  const loaded = runtimeConfig$.getValue();
  if (loaded && !configUrl) return Promise.resolve(loaded);
  return loadRuntimeConfig(configUrl ?? defaultConfigUrl());
}

export function mountWidget(element: HTMLElement, props: WidgetProps): () => void {
  // The shadow root goes on a container of our own: the host element may already have one, or be of a kind that cannot.
  const container = element.ownerDocument.createElement('div');
  container.setAttribute('data-package-widget', `${props.type}/${props.name}`);
  element.appendChild(container);
  const shadow = container.attachShadow({ mode: 'open' });
  const style = element.ownerDocument.createElement('style');
  style.textContent = WIDGET_STYLES;
  shadow.appendChild(style);
  const mountPoint = element.ownerDocument.createElement('div');
  shadow.appendChild(mountPoint);

  const root = createRoot(mountPoint);
  root.render(<PackageWidget type={props.type} name={props.name.trim()} config={runtimeConfigFor(props.configUrl)} />);
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    root.unmount();
    container.remove();
  };
}
