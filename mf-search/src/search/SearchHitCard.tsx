/** One search result: name, version, description, owner, keywords, downloads and the module/style badges. */
import { Link } from 'react-router-dom';
import { formatShort, proxiedImageUrl, useRuntimeConfig } from '@skylift/shared';
import type { SearchHit } from '@skylift/shared/search';
import { authorSearchPath, packagePagePath } from './authorLink';
import { TypeBadges } from './TypeBadges';
import styles from './search.module.css';

/** At most 15 keywords on a hit. */
export const MAX_KEYWORDS = 15;

export function SearchHitCard({ hit }: { hit: SearchHit }) {
  const owner = hit.owner?.name;
  const config = useRuntimeConfig();
  // The avatar's host is not ours: the browser loads it through our image proxy.
  const avatar = hit.owner?.avatar && config ? proxiedImageUrl(hit.owner.avatar, config) : null;
  const keywords = (hit.keywords ?? []).slice(0, MAX_KEYWORDS);
  return (
    <li className={styles.hit} data-testid="search-hit">
      <div className={styles.hitHead}>
        <Link className={styles.hitName} to={packagePagePath(hit.name)} data-testid="search-hit-name">
          {hit.name}
        </Link>
        {hit.version ? <span className={styles.hitVersion}>v{hit.version}</span> : null}
        <TypeBadges hit={hit} />
        {hit.deprecated ? <span className={`${styles.badge} ${styles.badgeDeprecated}`}>Deprecated</span> : null}
      </div>
      {hit.description ? <p className={styles.hitDescription}>{hit.description}</p> : null}
      <div className={styles.hitMeta}>
        {owner ? (
          <Link className={styles.hitOwner} to={authorSearchPath(owner)} title={`More packages by ${owner}`}>
            {avatar ? (
              <img
                className={styles.hitAvatar}
                src={avatar}
                alt=""
                width={20}
                height={20}
                loading="lazy"
                referrerPolicy="no-referrer"
                onError={(event) => (event.currentTarget.hidden = true)}
              />
            ) : null}
            {owner}
          </Link>
        ) : null}
        {hit.license ? <span>{hit.license}</span> : null}
        <span className={styles.hitDownloads} title="Requests to our CDN in the last 30 days">
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M8 2v8m0 0L4.5 6.5M8 10l3.5-3.5M3 13h10" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          {formatShort(hit.jsDelivrHits ?? 0)}
        </span>
      </div>
      {keywords.length > 0 ? (
        <ul className={styles.hitKeywords} aria-label="Keywords">
          {keywords.map((keyword) => (
            <li key={keyword}>{keyword}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
