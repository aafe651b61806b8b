/**
 * The package's name, description and the version dropdown (interactive only with more than one version),
 * with the version's known vulnerabilities under it (npm).
 */
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
}

export function PackageHeader({ pkg, description, versions, version, onVersionChange, vulnerabilities = null }: PackageHeaderProps) {
  const list = versions.length ? versions : version ? [version] : [];
  const { items, itemsFor, onAction } = useVersionDropdown(list, version);
  return (
    <header className={styles.header}>
      <div className={styles.headerTitle}>
        <span className={styles.headerType}>{pkg.type === 'npm' ? 'npm' : 'GitHub'}</span>
        <h1>{pkg.name}</h1>
      </div>
      {description ? <p className={styles.headerDescription}>{description}</p> : null}
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
