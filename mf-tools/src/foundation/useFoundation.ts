/**
 * Foundation's versions and the files of the chosen version, from our data API. Failures are logged with
 * the spec's texts ("Package versions not found.", "Package files not found.") and leave an empty state.
 */
import { useEffect, useState } from 'react';
import { getPackageFlatFiles, getPackageVersions, useRuntimeConfig } from '@skylift/shared';
import type { LinkDescriptor } from '@skylift/shared/links/index';
import { PACKAGE, distFiles, foundationVersions } from './foundationFiles';

export interface FoundationData {
  versions: string[];
  version: string | null;
  setVersion(version: string): void;
  files: LinkDescriptor[];
  /** The registry's tarball of the chosen version, as the data API reports it. */
  tarball: string | null;
  state: 'loading' | 'ready' | 'failed';
}

export function useFoundation(): FoundationData {
  const config = useRuntimeConfig();
  const [versions, setVersions] = useState<string[]>([]);
  const [tarballs, setTarballs] = useState<Record<string, string>>({});
  const [version, setVersion] = useState<string | null>(null);
  const [files, setFiles] = useState<LinkDescriptor[]>([]);
  const [state, setState] = useState<FoundationData['state']>('loading');

  useEffect(() => {
    if (!config) return;
    let active = true;
    getPackageVersions('npm', PACKAGE).then(
      (list) => {
        if (!active) return;
        const listed = foundationVersions(list.versions.map((v) => v.version));
        const links: Record<string, string> = {};
        for (const v of list.versions) {
          const tarball = (v.links as { tarball?: unknown }).tarball;
          if (typeof tarball === 'string') links[v.version] = tarball;
        }
        setVersions(listed);
        setTarballs(links);
        const latest = list.tags['latest'];
        setVersion(latest && listed.includes(latest) ? latest : (listed[0] ?? null));
        if (listed.length === 0) setState('failed');
      },
      (error: unknown) => {
        console.error('Package versions not found.', error);
        if (active) setState('failed');
      },
    );
    return () => {
      active = false;
    };
  }, [config]);

  useEffect(() => {
    if (!version) return;
    let active = true;
    setState('loading');
    getPackageFlatFiles('npm', PACKAGE, version).then(
      (listing) => {
        if (!active) return;
        setFiles(distFiles(listing.files, version));
        setState('ready');
      },
      (error: unknown) => {
        console.error('Package files not found.', error);
        if (!active) return;
        setFiles([]);
        setState('failed');
      },
    );
    return () => {
      active = false;
    };
  }, [version]);

  return { versions, version, setVersion, files, tarball: version ? (tarballs[version] ?? null) : null, state };
}
