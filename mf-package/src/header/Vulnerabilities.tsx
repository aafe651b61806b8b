/**
 * The known security advisories of the shown npm version, beside the version dropdown: "No known
 * vulnerabilities", or the count, which opens the list of advisories, each linked to where it is published,
 * with its severity and the versions it affects. Nothing while the count loads or when it could not be had.
 */
import type { PackageAdvisories } from '../data/packageApi';
import './Vulnerabilities.css';

const SEVERITIES = ['critical', 'high', 'moderate', 'low', 'info'];

export function vulnerabilitiesLabel(count: number): string {
  if (count === 0) return 'No known vulnerabilities';
  return `${count} known ${count === 1 ? 'vulnerability' : 'vulnerabilities'}`;
}

export function Vulnerabilities({ info }: { info: PackageAdvisories | null }) {
  if (!info) return null;
  if (info.count === 0) {
    return (
      <p className="pkg-vulns pkg-vulns--none" title={`The registry's advisory database lists no advisory for ${info.name}@${info.version}.`}>
        {vulnerabilitiesLabel(0)}
      </p>
    );
  }
  const worst = SEVERITIES.find((severity) => info.advisories.some((advisory) => advisory.severity === severity)) ?? 'info';
  const unlisted = info.count - info.advisories.length;
  return (
    <details className={`pkg-vulns pkg-vulns--${worst}`}>
      <summary>{vulnerabilitiesLabel(info.count)}</summary>
      <ul className="pkg-vulns__list" aria-label={`Advisories of ${info.name}@${info.version}`}>
        {info.advisories.map((advisory) => (
          <li key={advisory.id}>
            <span className={`pkg-vulns__severity pkg-vulns__severity--${advisory.severity}`}>{advisory.severity}</span>{' '}
            {advisory.url ? (
              <a href={advisory.url} target="_blank" rel="noopener noreferrer">
                {advisory.title}
              </a>
            ) : (
              advisory.title
            )}
            {advisory.vulnerableVersions ? <span className="pkg-vulns__range"> affects {advisory.vulnerableVersions}</span> : null}
          </li>
        ))}
        {unlisted > 0 ? <li>and {unlisted} more</li> : null}
      </ul>
    </details>
  );
}
