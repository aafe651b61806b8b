/**
 * What the shell and the remotes promise each other. The shell knows a remote only by its name and these
 * exposes, never by a static import, so the types live here and both sides are checked against them.
 */
import type { ComponentType } from 'react';
import type { RemoteName } from '../routes/routeTable';

export type { RemoteName };

/** `./pages`: one component per route-table path pattern the remote owns. */
export interface PagesModule {
  pages: Record<string, ComponentType>;
}

/** Props a host may pass to `mount`; `path` picks the page to show (default: the remote's first route). */
export interface MountProps extends Record<string, unknown> {
  path?: string;
}

/** `./mount`: framework-free embedding for sites without React. Returns the unmount function. */
export interface MountModule {
  mount(element: HTMLElement, props?: MountProps): () => void;
}

/** Every remote exposes these two modules (mf-search later adds `./CompactSearch`). */
export interface RemoteExposes {
  './pages': PagesModule;
  './mount': MountModule;
}

export type ExposeName = keyof RemoteExposes;

/** The remotes manifest served at `/remotes.json`: remote name to the absolute URL of its mf-manifest.json. */
export type RemotesManifest = Record<RemoteName, string>;
