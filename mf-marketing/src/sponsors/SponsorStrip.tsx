import { Link } from 'react-router-dom';
import type { Sponsor } from '@skylift/shared/content/siteContent';
import { useSiteContent } from '@skylift/shared/content/useSiteContent';

const TIER_RANK = { platinum: 0, gold: 1, bronze: 2 } as const;

/** The deployment's sponsors (its site content), best tier first. */
export function useSponsors(): Sponsor[] {
  const { sponsors } = useSiteContent();
  return [...sponsors].sort((a, b) => (a.tier ? TIER_RANK[a.tier] : 3) - (b.tier ? TIER_RANK[b.tier] : 3));
}

export function SponsorLink({ sponsor }: { sponsor: Sponsor }) {
  const face = sponsor.logo ? <img src={sponsor.logo} alt={sponsor.name} loading="lazy" /> : sponsor.name;
  return sponsor.url ? (
    <a href={sponsor.url} className="mk-sponsor" rel="sponsored noopener">
      {face}
    </a>
  ) : (
    <span className="mk-sponsor">{face}</span>
  );
}

/** Every sponsor in one row, best tier first; an invitation when there are none. */
export function SponsorStrip() {
  const all = useSponsors();
  return (
    <section aria-labelledby="mk-strip-title" className="mk-strip">
      <h2 id="mk-strip-title">Sponsors</h2>
      {all.length === 0 ? (
        <div className="mk-empty">
          <p>No company sponsors this deployment yet.</p>
          <Link to="/become-a-sponsor">Become the first sponsor</Link>
        </div>
      ) : (
        <ul className="mk-strip__list">
          {all.map((sponsor) => (
            <li key={sponsor.name}>
              <SponsorLink sponsor={sponsor} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
