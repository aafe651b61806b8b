/**
 * What the shell and the remotes promise each other. The shell knows a remote only by its name and these
 * exposes, never by a static import, so the types live here and both sides are checked against them.
 */
import type { ComponentType } from 'react';
import type { PagesDeclaration } from './pageDeclaration';

/** A remote's name as the remotes manifest gives it (`mf-tools`). */
export type RemoteName = string;

/** `./pages`: the remote's page declaration, with each page's component behind a loader. */
export interface PagesModule {
  pages: PagesDeclaration;
}

/** Props a host may pass to `mount`; `path` picks the page to show (default: the remote's first page). */
export interface MountProps extends Record<string, unknown> {
  path?: string;
}

/** `./mount`: framework-free embedding for sites without React. Returns the unmount function. */
export interface MountModule {
  mount(element: HTMLElement, props?: MountProps): () => void;
}

/** What the shell passes the component that fills a slot of the frame: the class of the slot's place. */
export interface SlotProps {
  className?: string;
}

/** An expose a remote declares as filling a slot of the frame (`slots` of its `./pages`): its component. */
export interface SlotModule {
  Slot: ComponentType<SlotProps>;
}

/** Every remote exposes these two modules, and may expose more to fill the frame's slots (`SlotModule`). */
export interface RemoteExposes {
  './pages': PagesModule;
  './mount': MountModule;
}

export type ExposeName = keyof RemoteExposes;

/** The remotes manifest served at `/remotes.json`: remote name to the absolute URL of its mf-manifest.json. */
export type RemotesManifest = Record<RemoteName, string>;
