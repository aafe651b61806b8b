/** One search result: name, version, description, owner, keywords, downloads and the module/style badges. */
import { Link } from 'react-router-dom';
import { formatShort, proxiedImageUrl, useRuntimeConfig } from '@skylift/shared';
import type { SearchHit } from '@skylift/shared/search/index';
import { authorSearchPath, packagePagePath } from './authorLink';
import { TypeBadges } from './TypeBadges';

/** At most 15 keywords on a hit. */
export const MAX_KEYWORDS = 15;

export function SearchHitCard({ hit }: { hit: SearchHit }) {
  const owner = hit.owner?.name;
  const config = useRuntimeConfig();
  // The avatar's host is not ours: the browser loads it through our image proxy.
  const avatar = hit.owner?.avatar && config ? proxiedImageUrl(hit.owner.avatar, config) : null;
  const keywords = (hit.keywords ?? []).slice(0, MAX_KEYWORDS);
  return (
    <li className="ms-hit" data-testid="search-hit">
      <div className="ms-hit__head">
        <Link className="ms-hit__name" to={packagePagePath(hit.name)}>
          {hit.name}
        </Link>
        {hit.version ? <span className="ms-hit__version">v{hit.version}</span> : null}
        <TypeBadges hit={hit} />
        {hit.deprecated ? <span className="ms-badge ms-badge--deprecated">Deprecated</span> : null}
      </div>
      {hit.description ? <p className="ms-hit__description">{hit.description}</p> : null}
      <div className="ms-hit__meta">
        {owner ? (
          <Link className="ms-hit__owner" to={authorSearchPath(owner)} title={`More packages by ${owner}`}>
            {avatar ? (
              <img
                className="ms-hit__avatar"
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
        {hit.license ? <span className="ms-hit__license">{hit.license}</span> : null}
        <span className="ms-hit__downloads" title="Requests to our CDN in the last 30 days">
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M8 2v8m0 0L4.5 6.5M8 10l3.5-3.5M3 13h10" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          {formatShort(hit.jsDelivrHits ?? 0)}
        </span>
      </div>
      {keywords.length > 0 ? (
        <ul className="ms-hit__keywords" aria-label="Keywords">
          {keywords.map((keyword) => (
            <li key={keyword}>{keyword}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
