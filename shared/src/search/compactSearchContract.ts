/**
 * mf-search's `./CompactSearch` expose: the compact package search the shell places in the header. Declared
 * here (and merged into the federation contract) so the shell is type-checked against it without importing
 * the remote.
 */
import type { ComponentType } from 'react';

export interface CompactSearchProps {
  className?: string;
}

export interface CompactSearchModule {
  CompactSearch: ComponentType<CompactSearchProps>;
}

declare module '../federation/contract' {
  interface RemoteExposes {
    './CompactSearch': CompactSearchModule;
  }
}
