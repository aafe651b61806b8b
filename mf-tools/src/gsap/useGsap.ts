/**
 * GSAP's versions, and for the chosen one its core file (the JS entry point) and dist files, from our data
 * API. A failed versions call is logged as "Gsap versions not found." and leaves an empty state.
 */
import { useEffect, useState } from 'react';
import { getEntrypoints, getPackageFiles, getPackageVersions, useRuntimeConfig, type FileTreeEntry } from '@skylift/shared';
import { PACKAGE } from './gsapLinks';

export interface GsapData {
  /** Newest first. */
  versions: string[];
  /** The version at the chosen index, once the versions are known. */
  version: string | null;
  coreFile: string | null;
  tree: FileTreeEntry[];
  state: 'loading' | 'ready' | 'failed';
}

export function useGsap(versionIndex: number): GsapData {
  const config = useRuntimeConfig();
  const [versions, setVersions] = useState<string[]>([]);
  const [coreFile, setCoreFile] = useState<string | null>(null);
  const [tree, setTree] = useState<FileTreeEntry[]>([]);
  const [state, setState] = useState<GsapData['state']>('loading');
  const version = versions[versionIndex] ?? null;

  useEffect(() => {
    if (!config) return;
    let active = true;
    getPackageVersions('npm', PACKAGE).then(
      (list) => {
        if (active) setVersions(list.versions.map((v) => v.version));
      },
      (error: unknown) => {
        console.error('Gsap versions not found.', error);
        if (active) setState('failed');
      },
    );
    return () => {
      active = false;
    };
  }, [config]);

  // Changing the version reloads the core file and the plugin files.
  useEffect(() => {
    if (!version) return;
    let active = true;
    setState('loading');
    Promise.all([getEntrypoints('npm', PACKAGE, version).catch(() => null), getPackageFiles('npm', PACKAGE, version)]).then(
      ([entrypoints, listing]) => {
        if (!active) return;
        setCoreFile(entrypoints?.entrypoints.js?.file ?? listing.default ?? null);
        setTree(listing.files);
        setState('ready');
      },
      () => {
        if (!active) return;
        setCoreFile(null);
        setTree([]);
        setState('failed');
      },
    );
    return () => {
      active = false;
    };
  }, [version]);

  return { versions, version, coreFile, tree, state };
}
