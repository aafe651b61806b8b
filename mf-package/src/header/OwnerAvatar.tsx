/** The package owner's avatar and name, linking to their profile; the avatar comes through our image proxy. */
import { useState } from 'react';
import { proxiedImageUrl, useRuntimeConfig } from '@skylift/shared';
import type { PackageOwner } from '../model/packageOwner';
import './OwnerAvatar.css';

export function OwnerAvatar({ owner }: { owner: PackageOwner }) {
  const config = useRuntimeConfig();
  const [broken, setBroken] = useState(false);
  const src = config ? proxiedImageUrl(owner.avatar, config) : null;
  return (
    <a className="pkg-owner" href={owner.link} target="_blank" rel="noopener noreferrer" title={`Owner: ${owner.name}`}>
      {src && !broken ? (
        <img
          className="pkg-owner__avatar"
          src={src}
          alt=""
          width={24}
          height={24}
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setBroken(true)}
        />
      ) : null}
      <span className="pkg-owner__name">{owner.name}</span>
    </a>
  );
}
