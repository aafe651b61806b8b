/**
 * The icon beside a platform or browser: the brand mark of the clients we know (clientLogos.ts), or an image
 * an operator names in content (content/clientIcons.json, for clients with no mark). Any other client, and
 * an image that fails to load, gets the "Other" icon.
 */
import { useState } from 'react';
import { proxiedImageUrl, useRuntimeConfig } from '@skylift/shared';
import icons from '../content/clientIcons.json';
import { clientLogo } from './clientLogos';
import styles from './statistics.module.css';

/** Logo URLs by platform or browser name (content/clientIcons.json); none in a fresh install. */
const CLIENT_IMAGES: Record<string, string> = icons;

export function ClientIcon({ name }: { name: string }) {
  const [broken, setBroken] = useState(false);
  const config = useRuntimeConfig();
  const named = Object.hasOwn(CLIENT_IMAGES, name) ? CLIENT_IMAGES[name] : undefined;
  // An image of another host comes through our image proxy (the site's policy loads no other host's images).
  const image = named && config ? proxiedImageUrl(named, config) : null;
  if (image && !broken) {
    return (
      <span className={styles.icon}>
        <img src={image} alt="" onError={() => setBroken(true)} />
      </span>
    );
  }
  const mark = clientLogo(name);
  if (mark) {
    return (
      <span className={`${styles.icon} ${styles.iconMark}`} data-icon={mark.title} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="14" height="14">
          <path d={mark.path} fill={mark.color} />
        </svg>
      </span>
    );
  }
  return <OtherIcon />;
}

/** A neutral device glyph. */
export function OtherIcon() {
  return (
    <span className={styles.icon} style={{ background: 'var(--color-slate-400)' }} data-icon="other" aria-hidden="true">
      <svg viewBox="0 0 16 16" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="1.6">
        <rect x="2" y="3" width="12" height="8" rx="1" />
        <path d="M6 14h4M8 11v3" />
      </svg>
    </span>
  );
}
