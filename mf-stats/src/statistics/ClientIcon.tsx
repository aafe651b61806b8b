/**
 * The icon beside a platform or browser. No logos are shipped: an operator may name one per client in
 * content, and any image that fails to load falls back to the "Other" icon, as does a client without one.
 */
import { useState } from 'react';
import icons from '../content/clientIcons.json';

/** Logo URLs by platform or browser name (content/clientIcons.json); none in a fresh install. */
const CLIENT_LOGOS: Record<string, string> = icons;

export function ClientIcon({ name }: { name: string }) {
  const [broken, setBroken] = useState(false);
  const logo = CLIENT_LOGOS[name];
  if (logo && !broken) {
    return (
      <span className="st-icon">
        <img src={logo} alt="" onError={() => setBroken(true)} />
      </span>
    );
  }
  return <OtherIcon />;
}

/** A neutral device glyph. */
export function OtherIcon() {
  return (
    <span className="st-icon" style={{ background: '#9ca3af' }} data-icon="other" aria-hidden="true">
      <svg viewBox="0 0 16 16" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="1.6">
        <rect x="2" y="3" width="12" height="8" rx="1" />
        <path d="M6 14h4M8 11v3" />
      </svg>
    </span>
  );
}
