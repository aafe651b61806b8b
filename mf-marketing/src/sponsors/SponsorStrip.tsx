import { Link } from 'react-router-dom';
import type { Sponsor } from '@skylift/shared/config';
import { useSiteContent } from '@skylift/shared/stores';
import aboutStyles from '../about/About.module.css';
import infoPageStyles from '../layout/InfoPage.module.css';
import sponsorsStyles from './Sponsors.module.css';

const TIER_RANK = { platinum: 0, gold: 1, bronze: 2 } as const;

/** The deployment's sponsors (its site content), best tier first. */
export function useSponsors(): Sponsor[] {
  const { sponsors } = useSiteContent();
  return [...sponsors].sort((a, b) => (a.tier ? TIER_RANK[a.tier] : 3) - (b.tier ? TIER_RANK[b.tier] : 3));
}

export function SponsorLink({ sponsor }: { sponsor: Sponsor }) {
  const face = sponsor.logo ? <img src={sponsor.logo} alt={sponsor.name} loading="lazy" /> : sponsor.name;
  return sponsor.url ? (
    <a href={sponsor.url} className={`${aboutStyles.sponsor} ${sponsorsStyles.sponsor}`} rel="sponsored noopener">
      {face}
    </a>
  ) : (
    <span className={`${aboutStyles.sponsor} ${sponsorsStyles.sponsor}`}>{face}</span>
  );
}

/** Every sponsor in one row, best tier first; an invitation when there are none. */
export function SponsorStrip() {
  const all = useSponsors();
  return (
    <section aria-labelledby="mk-strip-title">
      <h2 id="mk-strip-title">Sponsors</h2>
      {all.length === 0 ? (
        <div className={infoPageStyles.empty}>
          <p>No company sponsors this deployment yet.</p>
          <Link to="/become-a-sponsor">Become the first sponsor</Link>
        </div>
      ) : (
        <ul className={aboutStyles.stripList}>
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
