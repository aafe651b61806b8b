/**
 * The known security advisories of the shown npm version, beside the version dropdown: "No known
 * vulnerabilities", or the count, which opens the list of advisories, each linked to where it is published,
 * with its severity and the versions it affects. Nothing while the count loads or when it could not be had.
 */
import type { PackageAdvisories } from '../data/packageApi';
import styles from './Vulnerabilities.module.css';

const SEVERITIES = ['critical', 'high', 'moderate', 'low', 'info'];
/** The stylesheet's look of the whole list by its worst severity, and of each advisory's severity. */
const WORST_CLASS: Record<string, string | undefined> = { critical: styles.vulnsCritical, high: styles.vulnsHigh };
const SEVERITY_CLASS: Record<string, string | undefined> = {
  critical: styles.vulnsSeverityCritical,
  high: styles.vulnsSeverityHigh,
  low: styles.vulnsSeverityLow,
  info: styles.vulnsSeverityInfo,
};

export function vulnerabilitiesLabel(count: number): string {
  if (count === 0) return 'No known vulnerabilities';
  return `${count} known ${count === 1 ? 'vulnerability' : 'vulnerabilities'}`;
}

export function Vulnerabilities({ info }: { info: PackageAdvisories | null }) {
  if (!info) return null;
  if (info.count === 0) {
    return (
      <p className={`${styles.vulns} ${styles.vulnsNone}`} title={`The registry's advisory database lists no advisory for ${info.name}@${info.version}.`}>
        {vulnerabilitiesLabel(0)}
      </p>
    );
  }
  const worst = SEVERITIES.find((severity) => info.advisories.some((advisory) => advisory.severity === severity)) ?? 'info';
  const unlisted = info.count - info.advisories.length;
  return (
    <details className={[styles.vulns, WORST_CLASS[worst]].filter(Boolean).join(' ')}>
      <summary>{vulnerabilitiesLabel(info.count)}</summary>
      <ul className={styles.vulnsList} aria-label={`Advisories of ${info.name}@${info.version}`}>
        {info.advisories.map((advisory) => (
          <li key={advisory.id}>
            <span className={[styles.vulnsSeverity, SEVERITY_CLASS[advisory.severity]].filter(Boolean).join(' ')}>{advisory.severity}</span>{' '}
            {advisory.url ? (
              <a href={advisory.url} target="_blank" rel="noopener noreferrer">
                {advisory.title}
              </a>
            ) : (
              advisory.title
            )}
            {advisory.vulnerableVersions ? <span className={styles.vulnsRange}> affects {advisory.vulnerableVersions}</span> : null}
          </li>
        ))}
        {unlisted > 0 ? <li>and {unlisted} more</li> : null}
      </ul>
    </details>
  );
}
