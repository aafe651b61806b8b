/**
 * The header logo in its four variants: the network-testing tool's logo on its pages, a small
 * icon on package pages, the full logo in white on the routes with a dark header, the regular one elsewhere.
 * Inline SVG: no request, and it scales.
 */
import { BRAND } from '@skylift/shared';
import type { HeaderVariant as LogoVariant } from '@skylift/shared/pages';
import styles from './Logo.module.css';

function Mark({ tone }: { tone: 'regular' | 'white' }) {
  const fill = tone === 'white' ? 'var(--color-white)' : 'var(--color-accent)';
  const cut = tone === 'white' ? 'var(--color-header-dark)' : 'var(--color-white)';
  return (
    <svg className={styles.mark} viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={fill} />
      <path d="M7.5 21.5 16 8.5l8.5 13h-5.2L16 16.4l-3.3 5.1z" fill={cut} />
    </svg>
  );
}

function NetworkToolMark() {
  return (
    <svg className={styles.mark} viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="14" fill="none" stroke="var(--color-network)" strokeWidth="2.5" />
      <ellipse cx="16" cy="16" rx="6" ry="14" fill="none" stroke="var(--color-network)" strokeWidth="2" />
      <path d="M2.5 16h27M5 9h22M5 23h22" stroke="var(--color-network)" strokeWidth="2" />
    </svg>
  );
}

export function Logo({ variant }: { variant: LogoVariant }) {
  switch (variant) {
    case 'icon':
      return (
        <span className={styles.logo} data-logo-variant="icon">
          <Mark tone="regular" />
        </span>
      );
    case 'network-tool':
      return (
        <span className={styles.logo} data-logo-variant="network-tool">
          <NetworkToolMark />
          <span className={`${styles.word} ${styles.networkWord}`}>{BRAND.networkTool}</span>
        </span>
      );
    case 'white':
      return (
        <span className={`${styles.logo} ${styles.white}`} data-logo-variant="white">
          <Mark tone="white" />
          <span className={styles.word}>{BRAND.name}</span>
        </span>
      );
    default:
      return (
        <span className={styles.logo} data-logo-variant="regular">
          <Mark tone="regular" />
          <span className={styles.word}>{BRAND.name}</span>
        </span>
      );
  }
}
