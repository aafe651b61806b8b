/**
 * The package's name, its owner on the code host (avatar through the website's image proxy), description, its
 * repository, homepage and issues (as npm reads its package.json, which fills in the repository's own pages for
 * those it leaves out), and the version dropdown (interactive only with more than one version), with the
 * version's known vulnerabilities under it (npm).
 */
import { useState } from 'react';
import { proxiedImageUrl, useRuntimeConfig, type PackageRepository } from '@skylift/shared';
import { Dropdown } from '@skylift/shared/ui';
import type { PackageAdvisories } from '../data/packageApi';
import type { PackageRef } from '../model/packageRef';
import { useVersionDropdown } from '../versions/useVersionDropdown';
import { Vulnerabilities } from './Vulnerabilities';
import styles from '../page/PackagePage.module.css';

export interface PackageHeaderProps {
  pkg: PackageRef;
  description: string | null;
  versions: readonly string[];
  version: string | null;
  onVersionChange: (version: string) => void;
  /** The shown version's known advisories; null (nothing shown) while loading, after a failure, for repositories. */
  vulnerabilities?: PackageAdvisories | null;
  /** Whose repository the package's is, on its code host; nothing shown when unknown. */
  owner?: PackageRepository['owner'];
  /** The package's pages on the web; each shown when it is an http(s) address. */
  links?: { repository: string | null; homepage: string | null; issues: string | null };
}

const isWebAddress = (url: string | null | undefined): url is string => typeof url === 'string' && /^https?:\/\//i.test(url);

export function PackageHeader({ pkg, description, versions, version, onVersionChange, vulnerabilities = null, owner = null, links }: PackageHeaderProps) {
  const list = versions.length ? versions : version ? [version] : [];
  const { items, itemsFor, onAction } = useVersionDropdown(list, version);
  return (
    <header className={styles.header}>
      <div className={styles.headerTitle}>
        <span className={styles.headerType}>{pkg.type === 'npm' ? 'npm' : 'GitHub'}</span>
        <h1>{pkg.name}</h1>
        {owner ? <Owner owner={owner} /> : null}
      </div>
      {description ? <p className={styles.headerDescription}>{description}</p> : null}
      {links ? <PackageLinks {...links} /> : null}
      {version ? (
        <div className={styles.headerVersion}>
          <Dropdown
            label="Version"
            items={items}
            itemsFor={itemsFor}
            onAction={onAction}
            value={version}
            onChange={onVersionChange}
            filterable={items.length > 8}
            filterPlaceholder="Filter versions"
            disabled={items.length < 2}
          />
          <Vulnerabilities info={vulnerabilities} />
        </div>
      ) : null}
    </header>
  );
}

/** The owner's name, linking to their page on the code host, after their avatar: shown through our image proxy, left out when it cannot load. */
function Owner({ owner }: { owner: NonNullable<PackageRepository['owner']> }) {
  const config = useRuntimeConfig();
  const [broken, setBroken] = useState(false);
  const avatar = owner.avatar && config ? proxiedImageUrl(owner.avatar, config) : null;
  return (
    <a className={styles.owner} href={owner.link} target="_blank" rel="noopener noreferrer" title={`Owner: ${owner.name}`}>
      {avatar && !broken ? (
        <img className={styles.ownerAvatar} src={avatar} alt="" width={24} height={24} referrerPolicy="no-referrer" onError={() => setBroken(true)} />
      ) : null}
      <span>{owner.name}</span>
    </a>
  );
}

function PackageLinks({ repository, homepage, issues }: NonNullable<PackageHeaderProps['links']>) {
  const shown = [
    { label: 'Repository', url: repository },
    { label: 'Homepage', url: homepage !== repository ? homepage : null },
    { label: 'Issues', url: issues },
  ].filter((link): link is { label: string; url: string } => isWebAddress(link.url));
  if (shown.length === 0) return null;
  return (
    <p className={styles.headerLinks}>
      {shown.map((link) => (
        <a key={link.label} href={link.url} target="_blank" rel="noopener noreferrer nofollow">
          {link.label}
        </a>
      ))}
    </p>
  );
}
